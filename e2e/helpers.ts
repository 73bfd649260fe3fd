import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';

export const LOCALES = [
  { locale: 'en', lang: 'en-US', dir: 'ltr', other: 'ar', switchLabel: 'العربية' },
  { locale: 'ar', lang: 'ar-EG', dir: 'rtl', other: 'en', switchLabel: 'English' },
] as const;

/** A `session` cookie, as sign-in sets it, so that the proxy lets the profile area through. */
export async function addSessionCookie(context: BrowserContext) {
  await context.addCookies([{ name: 'session', value: 'e2e-session', url: BASE_URL }]);
}

/** The main heading of the page. */
export function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** A static page's title, as its content file (content/{locale}/pages/{slug}.md) gives it. */
export function staticPageTitle(locale: string, slug: string): string {
  const source = readFileSync(path.join(__dirname, '..', 'content', locale, 'pages', `${slug}.md`), 'utf8');
  const title = /^title:\s*(.+)$/m.exec(source)?.[1];
  if (!title) throw new Error(`content/${locale}/pages/${slug}.md has no title`);
  return title.trim();
}
