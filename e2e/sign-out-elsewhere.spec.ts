import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { BASE_URL } from '../playwright.config';
import { signUp } from './session';
import { IN_ARABIC } from './helpers';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;

/** Another device's session: a sign-in from outside this browser. */
async function signInElsewhere(email: string) {
  const response = await fetch(`${BASE_URL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Labbaik#2026' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function profileStatus(token: string) {
  return (await fetch(`${BASE_URL}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })).status;
}

for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];

  test(`"Sign out everywhere else" on the profile page, after a confirmation (${locale})`, async ({ context, page }) => {
    const { token, email } = await signUp(context, page, locale);
    const elsewhere = await signInElsewhere(email);
    await page.goto(`/${locale}/profile`);

    await page.getByRole('button', { name: m.Profile.signOutOthers }).click();
    const dialog = page.getByRole('alertdialog', { name: m.Profile.signOutOthersConfirmTitle });
    await expect(dialog).toContainText(m.Profile.signOutOthersConfirmBody);
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: m.Profile.cancel }).click();
    await expect(dialog).toBeHidden();
    expect(await profileStatus(elsewhere)).toBe(200);

    await page.getByRole('button', { name: m.Profile.signOutOthers }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: m.Profile.signOutOthersConfirm }).click();
    await expect(page.getByRole('status').filter({ hasText: m.Profile.signedOutOthers })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toBeHidden();

    expect(await profileStatus(elsewhere)).toBe(401);
    expect(await profileStatus(token)).toBe(200);
    // This browser stays signed in.
    await page.reload();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
  });
}
