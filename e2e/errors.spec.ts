import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { addSessionCookie, heading } from './helpers';

const TEXT = {
  en: { title: 'Page Not Found', prefix: 'Page Not Found: ', nav: en.Header.mainNav },
  ar: { title: 'الصفحة غير موجودة', prefix: 'الصفحة غير موجودة: ', nav: ar.Header.mainNav },
} as const;

for (const locale of ['en', 'ar'] as const) {
  const text = TEXT[locale];

  test(`an address that matches nothing is a 404 inside the default layout (${locale})`, async ({ page }) => {
    const response = await page.goto(`/${locale}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(heading(page)).toHaveText(text.title);
    await expect(page.getByTestId('error-message')).toContainText(`/${locale}/no/such/page`);
    await expect(page.getByRole('navigation', { name: text.nav })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test(`an unknown static slug shows 'Page Not Found: {full path}' (${locale})`, async ({ page }) => {
    const response = await page.goto(`/${locale}/static/refund-policy`);
    expect(response?.status()).toBe(404);
    await expect(heading(page)).toHaveText(text.title);
    await expect(page.getByTestId('error-message')).toHaveText(`${text.prefix}/${locale}/static/refund-policy`);
  });

  test(`a malformed request id shows 'Page Not Found: {full path}' (${locale})`, async ({ page, context }) => {
    await addSessionCookie(context);
    const response = await page.goto(`/${locale}/profile/requests/details/not-a-request`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(`${text.prefix}/${locale}/profile/requests/details/not-a-request`);
  });

  test(`a malformed draft id keeps the query in the full path (${locale})`, async ({ page, context }) => {
    await addSessionCookie(context);
    const response = await page.goto(`/${locale}/profile/requests/drafts/complete?id=42`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(`${text.prefix}/${locale}/profile/requests/drafts/complete?id=42`);
  });
}
