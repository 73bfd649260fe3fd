import { expect, test } from '@playwright/test';
import { IN_ENGLISH } from './helpers';

// Issue 22: the API reference answers on a production build, renders the
// document with its own strict policy, and nothing of Redoc reaches the
// pilgrims' pages.

test('the API reference page renders the document, and its policy lets nothing else in', async ({ page }) => {
  // Redoc parses 1 MB of script and the whole document on the page: slow on a busy 2-core machine.
  test.setTimeout(120_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1, name: /Labbaik Pilgrim Services API/ })).toBeVisible({ timeout: 90_000 });
  // Operations from the document, by their summaries, and the error envelope's schema.
  await expect(page.getByText('Start a draft').first()).toBeAttached();
  await expect(page.getByText('Open a checkout for the request’s fee or one part of it').first()).toBeAttached();
  // Redoc's "API docs by Redocly" logo comes from its CDN: the policy blocks it (nothing is fetched from a third party) and Redoc then hides it.
  expect(violations.filter((text) => !text.includes("'https://cdn.redoc.ly/redoc/logo-mini.svg'"))).toEqual([]);
  await page.screenshot({ path: 'test-results/api-docs.png' });
});

for (const locale of IN_ENGLISH) {
  test(`no Redoc in the pilgrims' pages' scripts (${locale})`, async ({ page, request }) => {
    await page.goto(`/${locale}`);
    const sources = await page.locator('script[src]').evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).src));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      const text = await (await request.get(source)).text();
      expect(text.includes('redoc') || text.includes('Redoc'), source).toBe(false);
    }
  });
}

test('the document answers on the production build, naming this server', async ({ request, baseURL }) => {
  const response = await request.get('/api/v1/openapi.json');
  expect(response.status()).toBe(200);
  const document = await response.json();
  expect(document.openapi).toBe('3.1.0');
  expect(document.servers).toEqual([{ url: new URL(baseURL!).origin, description: 'This portal (its APP_URL)' }]);
  expect(Object.keys(document.paths).length).toBeGreaterThan(40);
});
