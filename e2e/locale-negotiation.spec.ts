import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { LOCALES } from './helpers';

// Which language / opens (the NEXT_LOCALE cookie, then Accept-Language, then Arabic) and the cookie's year are
// the proxy's answers, held by proxy.test.ts ("locale negotiation for /"). What needs a page is below: the
// document's lang and dir, and the switch, which keeps the page and its query and is remembered.

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
