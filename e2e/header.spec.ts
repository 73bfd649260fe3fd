import { expect, test } from '@playwright/test';
import { LOCALES } from './helpers';

// The header of the home page in each language: the document's lang and dir (the root layout's, on every page), the
// header mirrored, and the keyboard focus visible on its first stops. One page a language (it was two tests, each
// loading the same page; the lang and dir were two more in locale-negotiation.spec.ts).
for (const { locale, lang, dir } of LOCALES) {
  test(`the header on /${locale}: lang ${lang} and dir ${dir}, mirrored for ${dir}, the keyboard focus visible`, async ({ page }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/${locale}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);

    await test.step('the brand starts the line', async () => {
      const brand = page.getByRole('banner').getByRole('link').first();
      const box = await brand.boundingBox();
      expect(box).not.toBeNull();
      // On the left in English, on the right in Arabic.
      if (dir === 'ltr') expect(box!.x + box!.width).toBeLessThan(640);
      else expect(box!.x).toBeGreaterThan(640);
      await testInfo.attach(`home-${locale}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    });

    await test.step('keyboard focus is visible in the header', async () => {
      await page.keyboard.press('Tab');
      const skipLink = page.locator(':focus');
      await expect(skipLink).toHaveAttribute('href', '#main');
      await expect(skipLink).toBeVisible();

      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        const focused = page.locator(':focus');
        await expect(focused).toBeVisible();
        const outline = await focused.evaluate((el) => {
          const style = getComputedStyle(el);
          return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
        });
        expect(outline.style).not.toBe('none');
        expect(outline.width).toBeGreaterThanOrEqual(2);
      }
    });
  });
}
