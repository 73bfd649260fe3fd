#!/usr/bin/env node
// Takes the README's screenshots of the home page in both languages from a
// running app: `npm start` in one terminal, then `node scripts/screenshots.mjs`.
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

const base = process.env.BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
for (const locale of ['en', 'ar']) {
  await page.goto(`${base}/${locale}`);
  await page.screenshot({ path: `docs/screenshots/home-${locale}.png`, fullPage: true });
  console.log(`docs/screenshots/home-${locale}.png`);
}
await browser.close();
