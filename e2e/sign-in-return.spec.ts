import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import { BASE_URL } from '../playwright.config';

// After signing in, `?next=` leads back only to a page of this site under a
// language; anything else (another site, however disguised) leads home.

const PASSWORD = 'Labbaik#2026';

async function signIn(page: Page, email: string) {
  await page.getByRole('textbox', { name: en.Auth.fields.email }).fill(email);
  await page.getByRole('textbox', { name: en.Auth.fields.password }).fill(PASSWORD);
  await page.getByRole('button', { name: en.Auth.login.submit }).click();
}

test.describe('where sign-in leads', () => {
  let email: string;

  test.beforeEach(async ({ playwright }) => {
    // The account is made by a client of its own, so the browser starts signed out.
    const api = await playwright.request.newContext({ baseURL: BASE_URL });
    email = `return.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const registered = await api.post('/api/v1/auth/register', { data: { name: 'Aisha Rahman', email, password: PASSWORD, password_confirmation: PASSWORD } });
    expect(registered.status()).toBe(201);
    await api.dispose();
  });

  for (const next of ['%2F%09%2Fevil.example%2Fphish', '%2F%5Cevil.example', 'https%3A%2F%2Fevil.example%2Fen', 'javascript%3Aalert(1)', '%2Fprofile%2Frequests']) {
    test(`next=${next} ends on the localized home, never elsewhere`, async ({ page }) => {
      const elsewhere: string[] = [];
      await page.route((url) => url.host !== new URL(BASE_URL).host, async (route) => {
        elsewhere.push(route.request().url());
        await route.abort();
      });
      await page.goto(`/en/auth/login?next=${next}`);
      await signIn(page, email);
      await expect(page).toHaveURL(`${BASE_URL}/en`);
      await expect(page.getByRole('button', { name: en.Header.accountMenu.replace('{name}', 'Aisha Rahman') })).toBeVisible();
      expect(elsewhere.filter((url) => url.includes('evil.example'))).toEqual([]);
    });
  }

  test('a page of this site under a language is honoured, even in the other language', async ({ page }) => {
    await page.goto('/en/auth/login?next=%2Far%2Fprofile%2Frequests');
    await signIn(page, email);
    await expect(page).toHaveURL(`${BASE_URL}/ar/profile/requests`);
  });
});
