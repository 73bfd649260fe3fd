import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { BASE_URL } from '../playwright.config';
import { linkIn, mailTo } from './mail';
import { IN_ARABIC } from './helpers';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;
const PASSWORD = 'Labbaik#2026';
const NEW_PASSWORD = 'Zamzam#2027';

function uniqueEmail(locale: string) {
  return `mail.${locale}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The text of a message, with its {placeholders} cut off: what a page shows starts with this. */
const lead = (message: string) => message.split('{')[0]!.trim();

for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];

  test.describe(`e-mail in ${locale}`, () => {
    test('register → the e-mail\'s link → verified, and the confirmation bar goes', async ({ page }) => {
      const email = uniqueEmail(locale);
      await page.goto(`/${locale}/auth/register`);
      await page.getByRole('textbox', { name: m.Auth.fields.name }).fill('Aisha Rahman');
      await page.getByRole('textbox', { name: m.Auth.fields.email }).fill(email);
      await page.getByRole('textbox', { name: m.Auth.fields.password, exact: true }).fill(PASSWORD);
      await page.getByRole('textbox', { name: m.Auth.fields.passwordConfirmation }).fill(PASSWORD);
      await page.getByRole('button', { name: m.Auth.register.submit }).click();
      // Registration hashes the password (scrypt): slow on these shared cores under load.
      await expect(page).toHaveURL(`${BASE_URL}/${locale}`, { timeout: 20_000 });
      const bar = page.getByTestId('verify-email-banner');
      await expect(bar).toContainText(lead(m.EmailVerification.banner));

      // The e-mail the app wrote, in the page's language, with the link to follow.
      const mail = await mailTo(email, 'verify_email');
      expect(mail.subject).toBe(m.Mail.verify_email.subject);
      const link = linkIn(mail, `/${locale}/verify-email`);
      expect(link.origin).toBe(BASE_URL);
      await page.goto(link.pathname + link.search);
      await expect(page.getByRole('status')).toContainText(lead(m.EmailVerification.done));

      await page.goto(`/${locale}/profile`);
      await expect(page.getByText(m.EmailSettings.verified, { exact: true })).toBeVisible();
      await expect(bar).toHaveCount(0);
      // The same link again: used.
      await page.goto(link.pathname + link.search);
      await expect(page.getByText(m.EmailVerification.failed)).toBeVisible();
    });

    test('forgot password → the e-mail → a new password → signed in here, other sessions ended', async ({ page, playwright }) => {
      const email = uniqueEmail(locale);
      // The account, and a session of it elsewhere (another device).
      // Registered in the page's language: the account's e-mails come in it.
      const elsewhere = await playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { 'accept-language': locale } });
      const registered = await elsewhere.post('/api/v1/auth/register', { data: { name: 'Aisha Rahman', email, password: PASSWORD, password_confirmation: PASSWORD } });
      const otherToken = (await registered.json()).token as string;
      expect((await elsewhere.get('/api/v1/me', { headers: { authorization: `Bearer ${otherToken}` } })).status()).toBe(200);

      await page.goto(`/${locale}/auth/login`);
      await page.getByRole('link', { name: m.PasswordReset.forgotLink }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/auth/forgot-password`);
      await page.getByRole('textbox', { name: m.Auth.fields.email }).fill(email);
      const asked = Date.now() - 1000;
      await page.getByRole('button', { name: m.PasswordReset.forgotSubmit }).click();
      await expect(page.getByRole('heading', { name: m.PasswordReset.sentTitle })).toBeVisible();

      const mail = await mailTo(email, 'reset_password', { after: asked });
      expect(mail.subject).toBe(m.Mail.reset_password.subject);
      const link = linkIn(mail, `/${locale}/auth/reset-password`);
      await page.goto(link.pathname + link.search);
      await page.getByRole('textbox', { name: m.PasswordReset.newPassword, exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('textbox', { name: m.PasswordReset.confirmPassword }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: m.PasswordReset.resetSubmit }).click();

      // Signed in on this device: the profile, with the account's address.
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile`);
      await expect(page.getByText(email).first()).toBeVisible();
      // The link proved the inbox is the owner's: the address is confirmed too.
      await expect(page.getByText(m.EmailSettings.verified, { exact: true })).toBeVisible();
      // The other device is signed out, the old password no longer works, and the owner was told.
      expect((await elsewhere.get('/api/v1/me', { headers: { authorization: `Bearer ${otherToken}` } })).status()).toBe(401);
      expect((await elsewhere.post('/api/v1/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(422);
      expect((await mailTo(email, 'password_changed')).subject).toBe(m.Mail.password_changed.subject);
      await elsewhere.dispose();
    });
  });
}
