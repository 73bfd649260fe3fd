import { expect, test } from '@playwright/test';
import { LOCALES } from './helpers';

for (const { locale, dir } of LOCALES) {
  test(`keyboard focus is visible in the header (${locale})`, async ({ page }) => {
    await page.goto(`/${locale}`);
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

  test(`home page screenshot (${locale}) with the header mirrored for ${dir}`, async ({ page }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/${locale}`);
    const brand = page.getByRole('banner').getByRole('link').first();
    const box = await brand.boundingBox();
    expect(box).not.toBeNull();
    // The brand starts the line: on the left in English, on the right in Arabic.
    if (dir === 'ltr') expect(box!.x + box!.width).toBeLessThan(640);
    else expect(box!.x).toBeGreaterThan(640);
    await testInfo.attach(`home-${locale}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  });
}
