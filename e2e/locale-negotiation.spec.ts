import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { LOCALES } from './helpers';

test.describe('/ goes to the negotiated locale', () => {
  test('the NEXT_LOCALE cookie wins over the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ar-SA' });
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: BASE_URL }]);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(`${BASE_URL}/en`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await context.close();
  });

  test('without a cookie, Accept-Language decides', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(`${BASE_URL}/en`);
    await context.close();
  });

  test('a language the portal does not speak falls back to Arabic', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(`${BASE_URL}/ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await context.close();
  });

  test('choosing a locale other than the browser language remembers it for a year', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ar-SA' });
    const page = await context.newPage();
    await page.goto('/en/faqs');
    const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(cookie?.value).toBe('en');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    // Back at /, the cookie now outranks the browser's Arabic.
    await page.goto('/');
    await expect(page).toHaveURL(`${BASE_URL}/en`);
    await context.close();
  });
});

for (const { locale, lang, dir } of LOCALES) {
  test(`<html> carries lang ${lang} and dir ${dir} on /${locale}`, async ({ page }) => {
    await page.goto(`/${locale}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
  });
}

for (const { locale, other, switchLabel } of LOCALES) {
  test(`the language switch on /${locale} keeps the page and its query`, async ({ page }) => {
    await page.goto(`/${locale}/check-payment?payment_id=pay_123&from=gateway`);
    await page.getByRole('link', { name: switchLabel }).click();
    await expect(page).toHaveURL(`${BASE_URL}/${other}/check-payment?payment_id=pay_123&from=gateway`);
    await expect(page.locator('html')).toHaveAttribute('lang', other === 'ar' ? 'ar-EG' : 'en-US');
    // The switch is remembered: / now opens the chosen language.
    await page.goto('/');
    await expect(page).toHaveURL(`${BASE_URL}/${other}`);
  });
}
