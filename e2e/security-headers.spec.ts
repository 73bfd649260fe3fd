import { expect, test, type APIResponse, type Page, type Response } from '@playwright/test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { BASE_URL } from '../playwright.config';
import { draftThrough, requestAwaitingPayment, signUp } from './session';
import { watchViolations } from './csp-violations';
import { TEST_PAYMENTS } from '../lib/payments/test-payment-words';
import { IN_ENGLISH } from './helpers';


// The security headers and the CSP, checked in the real browser: every kind of
// page loads and works under the policy without a single violation.

function headersOf(response: Response | APIResponse | null) {
  expect(response).not.toBeNull();
  return response!.headers();
}

function expectCommonHeaders(headers: Record<string, string>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['permissions-policy']).toContain('microphone=()');
  expect(headers['permissions-policy']).toContain('geolocation=()');
  // `next start` is a production server: HSTS (ignored by browsers over plain http).
  expect(headers['strict-transport-security']).toBe('max-age=63072000');
}

/** The page's CSP: a nonce with strict-dynamic, no inline or eval for scripts, no framing. Returns the nonce. */
function expectPageCsp(headers: Record<string, string>) {
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1];
  expect(nonce, csp).toBeTruthy();
  expect(scriptSrc).toContain("'strict-dynamic'");
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc).not.toContain('unsafe-eval');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  return nonce!;
}

/** Every <script> the server wrote carries this answer's nonce. */
async function expectScriptsCarryNonce(response: Response, nonce: string) {
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState('networkidle');
  const headers = headersOf(response);
  expectCommonHeaders(headers);
  const nonce = expectPageCsp(headers);
  await expectScriptsCarryNonce(response!, nonce);
  return nonce;
}

for (const locale of IN_ENGLISH) {
  test.describe(`security headers in ${locale}`, () => {
    test('a page rendered per request runs under a new nonce each time (forgot password)', async ({ page }) => {
      const check = await watchViolations(page);
      const first = await visit(page, `/${locale}/auth/forgot-password`);
      const second = await visit(page, `/${locale}/auth/forgot-password`);
      expect(second).not.toBe(first);
      // The public pages are prerendered and run by hashes instead: e2e/static-pages.spec.ts.
      await check();
    });

    test('signed in: a wizard step, notifications and the test gateway run under the CSP', async ({ page, context }) => {
      const check = await watchViolations(page);
      const { token } = await signUp(context, page, locale);
      const id = await draftThrough(context.request, token, 'companions');
      await visit(page, `/${locale}/profile/requests/drafts/complete?id=${id}&step=applicant`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await visit(page, `/${locale}/notifications`);

      const awaiting = await requestAwaitingPayment(context.request, token);
      const payment = await context.request.post(`/api/v1/requests/${awaiting.id}/payments`, { headers: { authorization: `Bearer ${token}` } });
      const { redirect_url } = (await payment.json()).data as { redirect_url: string };
      expect(new URL(redirect_url).pathname).toMatch(/^\/test-gateway\//);
      await visit(page, new URL(redirect_url).pathname);
      // The checkout says it takes test payments, in both languages (issue 58, item 9).
      await expect(page.getByRole('note')).toHaveText(`${TEST_PAYMENTS.en}·${TEST_PAYMENTS.ar}`);
      await check();
    });
  });
}

test('a name written as HTML comes back as the same text and is shown as text, never run', async ({ page, context }) => {
  const check = await watchViolations(page);
  const name = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>';
  const { token } = await signUp(context, page, 'en', name);
  const me = await context.request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await me.json()).data.name).toBe(name);
  await page.goto('/en/profile');
  await expect(page.getByText(name).first()).toBeVisible();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  await check();
});

test('API answers carry the headers, a strict CSP of their own and a request id', async ({ request }) => {
  const faqs = await request.get('/api/v1/faqs', { headers: { 'x-request-id': 'e2e-request-0001' } });
  expect(faqs.status()).toBe(200);
  const headers = headersOf(faqs);
  expectCommonHeaders(headers);
  expect(headers['content-security-policy']).toContain("default-src 'none'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-request-id']).toBe('e2e-request-0001');

  const unknown = await request.get('/api/v1/no-such-thing');
  expect(unknown.status()).toBe(404);
  expect(headersOf(unknown)['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(headersOf(health)['cache-control']).toBe('no-store');
  expect(await health.json()).toEqual({ data: { status: 'ok', database: 'ok' } });

  const tooBig = await request.post('/api/v1/auth/login', { data: { email: 'a@example.com', password: 'x'.repeat(70 * 1024) } });
  expect(tooBig.status()).toBe(413);
  expect((await tooBig.json()).error.code).toBe('payload_too_large');
});

test('a page path with a dot in it gets the CSP, the headers and the guards like any other page', async ({ page }) => {
  const check = await watchViolations(page);
  for (const dotted of ['/en/foo.bar', '/ar/static/about.html', '/en/a.b/c']) {
    const response = await page.goto(dotted);
    // The localized 404 page, rendered under its own nonce.
    expect(response?.status(), dotted).toBe(404);
    const headers = headersOf(response);
    expectCommonHeaders(headers);
    // Under /static too: an unknown slug is no prerendered page, but the per-request catch-all's 404 (security issue, item 2).
    await expectScriptsCarryNonce(response!, expectPageCsp(headers));
    await expect(page.getByTestId('error-message')).toContainText(dotted);
  }
  // Unprefixed: sent to a language first, like any page.
  const unprefixed = await page.goto('/foo.bar');
  expect(new URL(unprefixed!.url()).pathname).toMatch(/^\/(ar|en)\/foo\.bar$/);
  expectPageCsp(headersOf(unprefixed));
  // The guards: signed out, a profile path with a dot goes home (with the way back).
  await page.goto('/en/profile/requests.json');
  await expect(page).toHaveURL(`${BASE_URL}/en?next=${encodeURIComponent('/en/profile/requests.json')}`);
  await check();
});

test('files that skip the proxy (public files, Next.js chunks, sitemap) still carry the static security headers', async ({ request }) => {
  const html = await (await request.get('/en')).text();
  const chunk = /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(html)?.[1];
  expect(chunk).toBeTruthy();
  const font = readdirSync(path.join(__dirname, '..', 'public', 'fonts')).find((name) => name.endsWith('.woff2'));
  const files = ['/firebase-messaging-sw.js', `/fonts/${font}`, '/icons/badge-96.png', '/icons/notification-192.png', '/robots.txt', '/sitemap.xml', chunk!];
  for (const file of files) {
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    expectCommonHeaders(headersOf(response));
  }
  // A missing file in a public folder is an HTML 404 page: it has a CSP that runs nothing.
  for (const file of ['/fonts/missing.woff2', '/icons/missing.png']) {
    const missing = await request.get(file);
    expect(missing.status(), file).toBe(404);
    const headers = headersOf(missing);
    expectCommonHeaders(headers);
    expect(headers['content-security-policy'], file).toContain("default-src 'none'");
  }
});
