import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { BASE_URL } from '../playwright.config';
import { IN_ARABIC } from './helpers';
import { signUp } from './session';

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;
const PASSWORD = 'Labbaik#2026';

function uniqueEmail(locale: string) {
  return `pilgrim.${locale}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function register(page: Page, m: Messages, locale: string, email: string) {
  await page.goto(`/${locale}/auth/register`);
  await page.getByRole('textbox', { name: m.Auth.fields.name }).fill('Aisha Rahman');
  await page.getByRole('textbox', { name: m.Auth.fields.email }).fill(email);
  await page.getByRole('textbox', { name: m.Auth.fields.password, exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: m.Auth.fields.passwordConfirmation }).fill(PASSWORD);
  await page.getByRole('button', { name: m.Auth.register.submit }).click();
  await expect(page).toHaveURL(`${BASE_URL}/${locale}`);
}

async function signOut(page: Page, m: Messages) {
  await page.getByRole('button', { name: m.Header.accountMenu.replace('{name}', 'Aisha Rahman') }).click();
  await page.getByRole('menuitem', { name: m.Header.signOut }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: m.Header.signIn })).toBeVisible();
}

for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];

  test.describe(`accounts in ${locale}`, () => {
    test('register → profile → sign out → a wrong password → sign in', async ({ page }) => {
      // Three password hashes (scrypt) and five pages: past the default 30 s on two loaded cores (it timed out so twice).
      test.setTimeout(90_000);
      const email = uniqueEmail(locale);
      await register(page, m, locale, email);

      // Signed in: the header shows the account menu, and the profile shows the details.
      await page.goto(`/${locale}/profile`);
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile`);
      await expect(page.getByText(email, { exact: true })).toBeVisible();
      await expect(page.getByText('Aisha Rahman').first()).toBeVisible();

      // A reload keeps the session without showing "Sign in" first.
      await page.reload();
      await expect(page.getByText(email, { exact: true })).toBeVisible();

      await signOut(page, m);
      await expect(page).toHaveURL(`${BASE_URL}/${locale}`);
      // The profile is closed again.
      await page.goto(`/${locale}/profile`);
      await expect(page).toHaveURL(`${BASE_URL}/${locale}?next=${encodeURIComponent(`/${locale}/profile`)}`);

      await page.goto(`/${locale}/auth/login?next=/${locale}/profile`);
      const signInPage = page.url();
      // A wrong password first: the server's message in the summary, focused, the typed e-mail kept, still on the
      // sign-in page (it was a test of its own, with an account of its own).
      await page.getByRole('textbox', { name: m.Auth.fields.email }).fill(email);
      await page.getByRole('textbox', { name: m.Auth.fields.password }).fill('Not-the-password1!');
      await page.getByRole('button', { name: m.Auth.login.submit }).click();
      const summary = page.getByRole('alert').filter({ hasText: m.Forms.summaryTitle });
      await expect(summary).toContainText(m.ApiErrors.invalid_credentials);
      await expect(summary).toBeFocused();
      await expect(page.getByRole('textbox', { name: m.Auth.fields.email })).toHaveValue(email);
      await expect(page).toHaveURL(signInPage);

      await page.getByRole('textbox', { name: m.Auth.fields.password }).fill(PASSWORD);
      await page.getByRole('button', { name: m.Auth.login.submit }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile`);
      await expect(page.getByText(email, { exact: true })).toBeVisible();
    });

    // The register form is the first test's and the last's: the others sign up through the API (session.ts).
    test('edits the profile and keeps the changes', async ({ page, context }) => {
      await signUp(context, page, locale, 'Aisha Rahman', { verified: false });
      await page.goto(`/${locale}/profile/edit`);
      const name = page.getByRole('textbox', { name: m.Profile.name });
      await name.fill('Aisha Al-Harbi');
      // Written as on a phone, in the page's digits; kept as E.164.
      await page.getByRole('textbox', { name: m.Profile.phoneOptional }).fill(locale === 'ar' ? '٠٥٠ ١٢٣ ٤٥٦٧' : '050-123-4567');
      // The radio input itself is visually hidden; people click its label.
      await page.locator('label').filter({ hasText: 'English' }).click();
      await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
      await page.getByRole('button', { name: m.Profile.save }).click();
      await expect(page.getByRole('main').getByRole('status')).toHaveText(m.Profile.saved);
      await page.goto(`/${locale}/profile`);
      await expect(page.getByText('Aisha Al-Harbi').first()).toBeVisible();
      // In the details' list: the mobile number's own section shows it too once it has loaded (two matches, some runs).
      await expect(page.getByRole('main').locator('dl').getByText('+966501234567')).toBeVisible();
    });

    test('with a real session the sign-in screens send you home', async ({ page, context }) => {
      // The API's answer sets the session cookie in this browser context, as the form's does.
      await signUp(context, page, locale, 'Aisha Rahman', { verified: false });
      expect((await context.cookies()).map((cookie) => cookie.name)).toContain('session');
      await page.goto(`/${locale}/auth/login`);
      await expect(page).toHaveURL(`${BASE_URL}/${locale}`);
      await page.goto(`/${locale}/profile/requests`);
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile/requests`);
    });

    test('the register form checks on blur and on submit, in the page language', async ({ page }) => {
      await page.goto(`/${locale}/auth/register`);
      const email = page.getByRole('textbox', { name: m.Auth.fields.email });
      await email.fill('not-an-email');
      // Nothing is said while typing...
      await expect(page.getByText(m.Validation.email.replace('{field}', m.Fields.email))).toHaveCount(0);
      // ...but leaving the field checks it.
      await email.blur();
      await expect(page.getByText(m.Validation.email.replace('{field}', m.Fields.email))).toBeVisible();

      await page.getByRole('button', { name: m.Auth.register.submit }).click();
      const summary = page.getByRole('alert').filter({ hasText: m.Forms.summaryTitle });
      await expect(summary).toBeFocused();
      await expect(summary).toContainText(m.Validation.required.replace('{field}', m.Fields.name));
      await expect(summary).toContainText(m.Validation.required.replace('{field}', m.Fields.password));
      // The link in the summary takes you to the field.
      await summary.getByRole('link', { name: m.Validation.required.replace('{field}', m.Fields.name) }).click();
      await expect(page.getByRole('textbox', { name: m.Auth.fields.name })).toBeFocused();
      await expect(email).toHaveValue('not-an-email');

      // Fixing everything and going straight to the button submits at the first click.
      await page.getByRole('textbox', { name: m.Auth.fields.name }).fill('Aisha Rahman');
      await email.fill(uniqueEmail(locale));
      await page.getByRole('textbox', { name: m.Auth.fields.password, exact: true }).fill(PASSWORD);
      await page.getByRole('textbox', { name: m.Auth.fields.passwordConfirmation }).fill(PASSWORD);
      await page.getByRole('button', { name: m.Auth.register.submit }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}`);
    });
  });
}

// The Arabic validation messages, written out: components/auth/register-form.test.tsx ("says what is missing in Arabic").
