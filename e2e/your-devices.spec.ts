import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { BASE_URL } from '../playwright.config';
import { signUp } from './session';
import { IN_ENGLISH } from './helpers';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A sign-in from an iPhone, outside this browser, that has been used once. */
async function signInOnIphone(email: string) {
  const response = await fetch(`${BASE_URL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': IPHONE },
    body: JSON.stringify({ email, password: 'Labbaik#2026' }),
  });
  const { token } = (await response.json()) as { token: string };
  await fetch(`${BASE_URL}/api/v1/me`, { headers: { authorization: `Bearer ${token}`, 'user-agent': IPHONE } });
  return token;
}

for (const locale of IN_ENGLISH) {
  const m = MESSAGES[locale];

  test(`the profile lists where the account is signed in, marks this device, and signs another out (${locale})`, async ({ context, page }) => {
    const { email } = await signUp(context, page, locale);
    const iphone = await signInOnIphone(email);
    await page.goto(`/${locale}/profile`);

    const devices = page.getByRole('region', { name: m.Devices.title });
    const sessions = devices.getByRole('list', { name: m.Devices.sessionsTitle }).getByTestId('session');
    await expect(sessions).toHaveCount(2);
    const thisOne = sessions.filter({ hasText: m.Devices.thisDevice });
    await expect(thisOne).toHaveCount(1);
    // Playwright's "Desktop Chrome" says Chrome on Windows; this device has no sign-out button of its own (the account menu signs out).
    await expect(thisOne).toContainText(m.Devices.browserOnSystem.replace('{browser}', 'Chrome').replace('{system}', 'Windows'));
    await expect(thisOne.getByRole('button')).toHaveCount(0);
    const phone = sessions.filter({ hasText: m.Devices.browserOnSystem.replace('{browser}', 'Safari').replace('{system}', 'iPhone') });
    await expect(phone).toContainText(m.Devices.lastUsedAt);

    await phone.getByRole('button', { name: m.Devices.signOutDevice.replace('{device}', m.Devices.browserOnSystem.replace('{browser}', 'Safari').replace('{system}', 'iPhone')) }).click();
    await expect(sessions).toHaveCount(1);
    expect((await fetch(`${BASE_URL}/api/v1/me`, { headers: { authorization: `Bearer ${iphone}` } })).status).toBe(401);
    await expect(devices.getByText(m.Devices.noPushDevices)).toBeVisible();
  });
}
