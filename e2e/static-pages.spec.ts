import { expect, test, type Page, type Response } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { expectScriptsByHash, watchViolations } from './csp-violations';
import { draftThrough, signUp } from './session';
import { IN_ARABIC } from './helpers';

const MESSAGES = { en, ar: ar as typeof en } as const;

// Issue 17: the public pages are rendered once and served from the cache to
// everyone. Each answer may be kept by a CDN (Cache-Control public with an
// s-maxage) and its CSP allows scripts by hash, never 'unsafe-inline' and no
// nonce (a nonce would make it per request). Their scripts must still run: a
// script the CSP refused would show as a violation and fail the test.

const PUBLIC_PAGES = ['', '/faqs', '/static/about', '/auth/login', '/auth/register'] as const;

async function expectCacheableUnderHashes(response: Response | null, path: string) {
  expect(response?.status(), path).toBe(200);
  const headers = response!.headers();
  expect(headers['cache-control'], path).toMatch(/^public\b.*\bs-maxage=\d+/);
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expectScriptsByHash(csp, await response!.text(), path);
}

/** A message a client component reads but the page did not send (lib/i18n/client-namespaces.ts) shows as next-intl's error in the console. */
function watchMissingMessages(page: Page) {
  const missing: string[] = [];
  page.on('console', (message) => {
    if (/MISSING_MESSAGE|INSUFFICIENT_PATH/.test(message.text())) missing.push(message.text());
  });
  return () => expect(missing, 'messages the page did not send').toEqual([]);
}

/** Loads a page and waits until its scripts have run: React hydrated it (it marks the elements it owns). Not "network idle": the links' prefetches can keep the network busy on a loaded machine. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await expectCacheableUnderHashes(response, path);
  await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber'))), path).toBe(true);
  return response!;
}

for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];

  // One page walks them all, each page a step (a new browser context per page cost more than the page).
  test(`the public pages in ${locale} are cacheable, run under hashes, and their scripts run`, async ({ page }) => {
    const check = await watchViolations(page);
    const checkMessages = watchMissingMessages(page);
    for (const path of PUBLIC_PAGES) {
      await test.step(`/${locale}${path}`, async () => {
        await visit(page, `/${locale}${path}`);
        // Served again from the cache: the same bytes, the same policy, and the scripts run again.
        const again = await visit(page, `/${locale}${path}`);
        expect(again.headers()['x-nextjs-cache'], path).toMatch(/HIT|STALE/);
        // Read before the next page: the violations are recorded per document.
        await check();
        checkMessages();
      });
    }
  });

  test(`the sign-in and registration forms are in the prerendered HTML, so nothing moves when they hydrate (${locale})`, async ({ request }) => {
    // A form that read the address while rendering (useSearchParams) was left out of the page and drawn only in
    // the browser, in place of a shorter placeholder: the centred card jumped (Lighthouse: CLS 0.17 on registration).
    for (const [path, fields] of [['/auth/login', ['email', 'password']], ['/auth/register', ['name', 'email', 'password', 'password_confirmation']]] as const) {
      const html = await (await request.get(`/${locale}${path}`)).text();
      for (const field of fields) expect(html, `${path}: ${field}`).toMatch(new RegExp(`<input[^>]*name="${field}"`));
      expect(html, path).not.toContain('aria-busy="true"></div>');
    }
  });

  // Signed out, on one page (they were two tests, a browser context each).
  test(`the prerendered pages run in the browser: the sign-in forms validate, the home page shows the sign-in link from the store and navigates on the client (${locale})`, async ({ page }) => {
    const check = await watchViolations(page);
    const checkMessages = watchMissingMessages(page);
    await test.step('the sign-in forms validate in the browser', async () => {
      // The login form validates in the browser (zod, jitless under the CSP).
      await visit(page, `/${locale}/auth/login`);
      await page.getByRole('button', { name: m.Auth.login.submit, exact: true }).click();
      await expect(page.locator('[role="alert"]:not(#__next-route-announcer__)').first()).toBeVisible();
      // So does registration, with the sentences of the shared rules (only the namespaces the forms read are on the page).
      await visit(page, `/${locale}/auth/register`);
      await page.getByRole('textbox', { name: m.Auth.fields.email }).fill('not an address');
      await page.getByRole('button', { name: m.Auth.register.submit, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: m.Validation.email.replace('{field}', m.Fields.email) }).first()).toBeVisible();
      await check();
      checkMessages();
    });

    await test.step('the home page: the sign-in link from the store, a client-side navigation', async () => {
      // The header's sign-in link appears only once the store is read in the browser; a client-side navigation works.
      await visit(page, `/${locale}`);
      await expect(page.getByRole('link', { name: m.Header.signIn, exact: true })).toBeVisible();
      await page.getByRole('link', { name: m.Header.faqs, exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/faqs`));
      await check();
      checkMessages();
    });
  });

  test(`a signed-in visitor sees their account and their draft on the prerendered home page (${locale})`, async ({ page, context }) => {
    const check = await watchViolations(page);
    // The home page sends only some keys of Home to the browser (lib/i18n/client-namespaces.ts).
    const checkMessages = watchMissingMessages(page);
    // Every layout shift of the page's life, as Lighthouse's CLS counts them (none right after an input).
    await page.addInitScript(() => {
      const store = window as unknown as { shifts: number };
      store.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) store.shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const { token } = await signUp(context, page, locale);
    const draft = await draftThrough(context.request, token, 'companions');
    // The same cached copy every visitor gets: nothing personal in it.
    const response = await visit(page, `/${locale}`);
    const html = await response.text();
    expect(html).not.toContain('Aisha Rahman');
    expect(html).not.toContain(draft);
    // What is personal comes from the client store after load.
    await expect(page.getByRole('button', { name: m.Header.accountMenu.replace('{name}', 'Aisha Rahman') })).toBeVisible();
    const continueLinks = page.getByRole('link', { name: m.Home.continueDraft });
    await expect(continueLinks.first()).toBeVisible();
    await expect(continueLinks.first()).toHaveAttribute('href', `/${locale}/profile/requests/drafts/complete?id=${draft}`);
    await expect(page.getByRole('heading', { name: m.Home.apply.draftTitle })).toBeVisible();
    // The signed-in version took the signed-out one's place without moving the page.
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThanOrEqual(0.01);
    await check();
    checkMessages();
  });
}
