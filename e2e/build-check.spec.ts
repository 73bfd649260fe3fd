import { expect, test, type Page } from '@playwright/test';

const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { marker?: string }).marker);

test('a new build id turns the next in-app navigation into a full page load', async ({ page }) => {
  await page.goto('/en');
  await page.evaluate(() => ((window as unknown as { marker?: string }).marker = 'still the first document'));
  const mainNav = page.getByRole('navigation', { name: 'Main' });

  // While the build is the same, navigation stays inside the app.
  await mainNav.getByRole('link', { name: 'FAQs' }).click();
  await expect(page).toHaveURL(/\/en\/faqs$/);
  expect(await sameDocument(page)).toBe('still the first document');

  // The server now reports another deployment; the tab notices when it regains focus.
  await page.route('**/api/build?t=*', (route) =>
    route.fulfill({ json: { id: 'a-newer-build', built_at: new Date().toISOString() }, headers: { 'Cache-Control': 'no-store' } }),
  );
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.locator('html')).toHaveAttribute('data-new-build', 'a-newer-build');

  await mainNav.getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/en\/static\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
  expect(await sameDocument(page)).toBeUndefined();
});

test('GET /api/build answers the build id and time, never cached', async ({ request }) => {
  const response = await request.get(`/api/build?t=${Date.now()}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('no-store');
  const body = await response.json();
  expect(typeof body.id).toBe('string');
  expect(body.id.length).toBeGreaterThan(0);
  expect(new Date(body.built_at).toISOString()).toBe(body.built_at);
});

test('a page chunk that fails to load turns the navigation into a full load of the target page', async ({ page }) => {
  await page.goto('/en');
  await page.evaluate(() => ((window as unknown as { marker?: string }).marker = 'still the first document'));
  // From now on every code chunk fails, as after a deployment that removed the old ones.
  await page.route('**/_next/static/chunks/**', (route) => route.abort());
  // The sign-in page needs code the home page never loaded (the sign-in form).
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/auth\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect.poll(() => sameDocument(page)).toBeUndefined();
});
