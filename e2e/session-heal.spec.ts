import { expect, test, type BrowserContext } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { BASE_URL } from '../playwright.config';
import { IN_ARABIC, localesIn } from './helpers';

// A browser whose storage was wiped (Safari does so after 7 days without a
// visit) while its HttpOnly session cookie lived on, and the other ways the
// cookie and the stored sign-in can disagree: each settles within one page load.

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;

/** An account made outside this browser: its token, and nothing in the browser yet. */
async function accountElsewhere(name: string) {
  const email = `heal.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${BASE_URL}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' }),
  });
  expect(response.status).toBe(201);
  const { token, data } = (await response.json()) as { token: string; data: unknown };
  return { token, email, data };
}

/** Only the cookie, as the server set it at sign-in: HttpOnly, SameSite=Lax. */
async function cookieOnly(context: BrowserContext, token: string) {
  await context.addCookies([{ name: 'session', value: token, url: BASE_URL, httpOnly: true, sameSite: 'Lax' }]);
}

for (const { locale } of localesIn(IN_ARABIC)) {
  const m = MESSAGES[locale];

  test(`a session cookie with an empty store heals on its own and ends signed in on the profile (${locale})`, async ({ context, page }) => {
    const name = 'Khadija Al-Amin';
    const { token, email } = await accountElsewhere(name);
    const other = await fetch(`${BASE_URL}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Labbaik#2026' }),
    });
    const otherToken = ((await other.json()) as { token: string }).token;
    await cookieOnly(context, token);

    await page.goto(`/${locale}/profile`);
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: m.SignedOut.title })).toHaveCount(0);
    await expect(page.getByRole('button', { name: m.Header.accountMenu.replace('{name}', name) })).toBeVisible();
    // The store has the user again; the API client works on the cookie (no token was ever in this browser).
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}') as { state?: { userData?: { email?: string }; token?: string | null } });
    expect(stored.state?.userData?.email).toBe(email);
    expect(stored.state?.token).toBeNull();

    // A change works too, from this site's page with the cookie alone: sign out everywhere else.
    await page.getByRole('button', { name: m.Profile.signOutOthers }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: m.Profile.signOutOthersConfirm }).click();
    await expect(page.getByRole('status').filter({ hasText: m.Profile.signedOutOthers })).toBeVisible();
    expect((await fetch(`${BASE_URL}/api/v1/me`, { headers: { authorization: `Bearer ${otherToken}` } })).status).toBe(401);

    // And it stays signed in on the next page load.
    await page.reload();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
  });

  test(`a cookie whose session ended is cleared, and "Sign in" then opens the sign-in page, not home again (${locale})`, async ({ context, page }) => {
    await cookieOnly(context, 'an-ended-session-token');
    await page.goto(`/${locale}/profile`);
    await expect(page.getByRole('heading', { name: m.SignedOut.title })).toBeVisible();
    await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).not.toContain('session');

    await page.getByRole('main').getByRole('link', { name: m.SignedOut.signIn }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth/login\\?next=`));
    await expect(page.getByRole('button', { name: m.Auth.login.submit })).toBeVisible();
  });

  test(`a stored user without a session cookie is signed out on the next page load, as the guards see it (${locale})`, async ({ page }) => {
    const { token, data } = await accountElsewhere('Yusuf Ibrahim');
    await page.goto(`/${locale}`);
    await page.evaluate(
      ([userData, token]) =>
        localStorage.setItem('auth', JSON.stringify({ state: { userData, token, unreadNotifications: false, payment_status: null }, version: 0 })),
      [data, token] as const,
    );
    await page.reload();
    const signIn = page.getByRole('banner').getByRole('link', { name: m.Header.signIn });
    await expect(signIn).toBeVisible();
    await signIn.click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth/login`));
  });
}
