import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';

// A page on another site that posts a sign-in form to the portal, as a login
// CSRF would (the attacker's own account, so the victim ends up signed in to it).
test('a sign-in form posted from another site signs no one in (403)', async ({ context, page }) => {
  const email = `csrf.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await fetch(`${BASE_URL}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Attacker', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' }),
  });
  expect(registered.status).toBe(201);

  await page.route('https://attacker.example/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="post" action="${BASE_URL}/api/v1/auth/login">
        <input name="email" value="${email}"><input name="password" value="Labbaik#2026">
        <button>Go</button></form>`,
    }),
  );
  await page.goto('https://attacker.example/');
  const [answer] = await Promise.all([page.waitForResponse(`${BASE_URL}/api/v1/auth/login`), page.getByRole('button', { name: 'Go' }).click()]);
  expect(answer.status()).toBe(403);
  expect((await answer.json()).error.code).toBe('forbidden');
  expect((await context.cookies(BASE_URL)).find((cookie) => cookie.name === 'session')).toBeUndefined();
});
