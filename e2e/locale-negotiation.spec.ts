import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { LOCALES } from './helpers';

// Which language / opens (the NEXT_LOCALE cookie, then Accept-Language, then Arabic) and the cookie's year are
// the proxy's answers, held by proxy.test.ts ("locale negotiation for /"). What needs a page is below: the switch,
// which keeps the page and its query, changes the document's lang and dir, and is remembered. The lang and dir of
// /en and /ar themselves are header.spec.ts's (the same page load as the header's checks).

for (const { locale, lang, dir, other, switchLabel } of LOCALES) {
  test(`the language switch on /${locale} keeps the page and its query`, async ({ page }) => {
    await page.goto(`/${locale}/check-payment?payment_id=pay_123&from=gateway`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await page.getByRole('link', { name: switchLabel }).click();
    await expect(page).toHaveURL(`${BASE_URL}/${other}/check-payment?payment_id=pay_123&from=gateway`);
    await expect(page.locator('html')).toHaveAttribute('lang', other === 'ar' ? 'ar-EG' : 'en-US');
    await expect(page.locator('html')).toHaveAttribute('dir', other === 'ar' ? 'rtl' : 'ltr');
    // The switch is remembered: / now opens the chosen language.
    await page.goto('/');
    await expect(page).toHaveURL(`${BASE_URL}/${other}`);
  });
}
