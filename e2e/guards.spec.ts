import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { IN_ENGLISH, addSessionCookie, localesIn } from './helpers';

for (const { locale } of localesIn(IN_ENGLISH)) {
  test.describe(`guards in ${locale}`, () => {
    test('with a session cookie, the sign-in screens send you home', async ({ page, context }) => {
      for (const path of ['/auth/login', '/auth/register']) {
        // Made up, so the home page's session check ends it (e2e/session-heal.spec.ts): a fresh one for each screen.
        await addSessionCookie(context);
        await page.goto(`/${locale}${path}`);
        await expect(page).toHaveURL(`${BASE_URL}/${locale}`);
        // The home page's check of that session (GET /me, 401) clears the cookie when it answers:
        // the next screen's fresh cookie must not be set before then, or the answer clears it too.
        await page.waitForLoadState('networkidle');
      }
    });

    test('without a session cookie, the profile area sends you home, with the way back', async ({ page }) => {
      for (const path of ['/profile', '/profile/requests', '/profile/requests/create', '/profile/requests/drafts']) {
        await page.goto(`/${locale}${path}`);
        await expect(page).toHaveURL(`${BASE_URL}/${locale}?next=${encodeURIComponent(`/${locale}${path}`)}`);
      }
    });

    test('without a session cookie, the sign-in screens open', async ({ page }) => {
      await page.goto(`/${locale}/auth/login`);
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/auth/login`);
      await expect(page.getByRole('button', { name: locale === 'en' ? 'Sign in' : 'تسجيل الدخول' })).toBeVisible();
    });
  });
}
