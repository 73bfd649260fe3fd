import { expect, test } from '@playwright/test';

// Issue 17: each language preloads small cuts of its faces (app/globals.css,
// scripts/subset-fonts.mjs); the rest of a face is fetched only by a page that
// holds one of its characters. A public page fetches exactly its preloads, and
// its text is drawn in them. Issue 38: an Arabic page does not preload Inter
// (it shared a phone's bandwidth with the stylesheet); its Latin words (the
// "English" switch) fetch Inter's small cut when they are laid out, and only it.

const INTER_BASIC = 'inter-basic-wght-normal-5.3.0.woff2';
const PRELOADS = {
  en: [INTER_BASIC],
  ar: [400, 600].map((weight) => `ibm-plex-sans-arabic-arabic-common-${weight}-normal-5.3.0.woff2`),
} as const;
const FETCHED = { en: PRELOADS.en, ar: [...PRELOADS.ar, INTER_BASIC] } as const;

for (const locale of ['en', 'ar'] as const) {
  for (const path of ['', '/static/about', '/auth/register']) {
    test(`/${locale}${path} preloads its own script’s cuts, fetches no more than the small cuts, and draws its text with them`, async ({ page }) => {
      const fetched = new Set<string>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/fonts/')) fetched.add(pathname.slice('/fonts/'.length));
      });
      await page.goto(`/${locale}${path}`);
      await page.evaluate(() => document.fonts.ready);
      const preloaded = await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname.slice('/fonts/'.length)));
      expect(preloaded.sort()).toEqual([...PRELOADS[locale]].sort());
      expect([...fetched].sort()).toEqual([...FETCHED[locale]].sort());
      const family = locale === 'ar' ? 'arabicFont' : 'latinFont';
      const sample = locale === 'ar' ? 'بوابة' : 'Portal';
      expect(await page.evaluate(([f, s]) => document.fonts.check(`16px ${f}`, s), [family, sample] as const)).toBe(true);
      if (locale === 'ar') {
        // Two Arabic weights: bold text is drawn by SemiBold, loaded for 600 to 700, not by a third face.
        expect(await page.evaluate(() => document.fonts.check('bold 16px arabicFont', 'بوابة'))).toBe(true);
        const loaded = await page.evaluate(() => [...document.fonts].filter((face) => face.family === 'arabicFont' && face.status === 'loaded').map((face) => face.weight));
        expect(loaded.sort()).toEqual(['400', '600 700']);
      }
    });
  }
}

test('a name with a letter outside the preloaded cut fetches the rest of the face, and the words still draw', async ({ page }) => {
  await page.goto('/ar/static/about');
  await page.evaluate(() => document.fonts.ready);
  const rest = page.waitForRequest((request) => request.url().includes('/fonts/ibm-plex-sans-arabic-arabic-core-400-normal-5.3.0.woff2'));
  // ݣ (U+0763, Arabic Supplement): not in the preloaded cut.
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.textContent = 'عبد ݣلام';
    document.querySelector('main')!.append(p);
  });
  await rest;
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px arabicFont', 'ݣ'))).toBe(true);
});
