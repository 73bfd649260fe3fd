import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { BASE_URL } from '../playwright.config';
import { firebaseIdToken } from '../test/firebase-tokens';
import googleTestKey from './fixtures/google-test-key.json';
import { IN_ENGLISH, localesIn } from './helpers';
import { signUp } from './session';

// Google sign-in against the pretend Firebase project of playwright.config.ts.
// Nothing here reaches the internet: every request that leaves the app is
// answered or refused by the test, as Google's servers would in each case.

type Messages = typeof en;
const MESSAGES = { en, ar: ar as Messages } as const;
const APP_ORIGIN = new URL(BASE_URL).origin;
const IDENTITY_TOOLKIT_CONFIG = 'https://identitytoolkit.googleapis.com/v1/projects**';

/** Refuses every request to another origin, as an offline machine would. */
async function offline(context: BrowserContext) {
  await context.route(
    (url) => url.origin !== APP_ORIGIN,
    (route) => route.abort('internetdisconnected'),
  );
}

/**
 * Google's iframe library (apis.google.com/js/api.js) as far as Firebase uses it
 * for a popup: it loads and its hidden iframe answers. This lets a test reach the
 * popup step without Google's servers; the steps that follow are the real SDK's.
 * `window.open` is wrapped to record the popup's size, or replaced by one that
 * answers null, which is what a browser that blocks the popup does.
 */
async function googleLibraryLoads(page: Page, { blockPopups = false } = {}) {
  await page.addInitScript((block: boolean) => {
    const record = window as unknown as { popupFeatures: string[] };
    record.popupFeatures = [];
    const open = window.open.bind(window);
    window.open = (url?: string | URL, target?: string, features?: string) => {
      record.popupFeatures.push(features ?? '');
      return block ? null : open(url, target, features);
    };
    const frame = {
      restyle: async () => undefined,
      ping: (callback: () => void) => {
        callback();
        return Promise.resolve();
      },
      // Firebase's listener for the popup's answer, for the test that plays Google's part.
      register: (_name: string, handler: unknown) => {
        (window as unknown as { deliverAuthEvent: unknown }).deliverAuthEvent = handler;
      },
      send: () => undefined,
    };
    (window as unknown as { gapi: unknown }).gapi = {
      iframes: {
        Iframe: function Iframe() {},
        CROSS_ORIGIN_IFRAMES_FILTER: () => true,
        getContext: () => ({ open: (_options: unknown, onOpen: (iframe: typeof frame) => unknown) => onOpen(frame) }),
      },
    };
  }, blockPopups);
}

/** Firebase's sign-in page, as the popup would show it (empty: no test signs in to Google). */
async function popupHandlerAnswers(context: BrowserContext) {
  await context.route('https://portal-test.firebaseapp.com/__/auth/handler**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Sign in – Google Accounts</title>' }),
  );
}

/** Firebase's project settings, as its API answers them: which sites may sign in. */
async function authorizedDomains(context: BrowserContext, domains: string[]) {
  await context.route(IDENTITY_TOOLKIT_CONFIG, (route) =>
    route.fulfill({
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({ projectId: '1', authorizedDomains: domains }),
    }),
  );
}

/** Collects the JavaScript the page loads, to tell whether the Firebase SDK is among it. */
function scriptsOf(page: Page) {
  const scripts: { url: string; firebase: boolean }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || new URL(response.url()).origin !== APP_ORIGIN) return;
    const body = await response.text().catch(() => '');
    // The auth SDK names its API host; nothing else of the app does.
    scripts.push({ url: response.url(), firebase: body.includes('identitytoolkit.googleapis.com') });
  });
  return scripts;
}

function googleButton(page: Page, m: Messages) {
  return page.getByRole('button', { name: m.Auth.google.button });
}

function googleError(page: Page) {
  return page.getByTestId('google-sign-in-error');
}

test.beforeEach(async ({ context }) => {
  await offline(context);
});

/**
 * Plays Google's part of a successful sign-in: the user picks their account in the
 * popup, Google's handler page tells Firebase (the event the iframe relays), and
 * Firebase's API answers with an ID token signed by the e2e key, which the app's
 * server verifies against the key set it was given (e2e/fixtures).
 */
async function googleAccepts(page: Page, context: BrowserContext, person: { email: string; name: string; uid: string }) {
  const privateKey = (await importJWK(googleTestKey.privateJwk as JWK, 'RS256')) as CryptoKey;
  const idToken = await firebaseIdToken({
    key: { kid: googleTestKey.kid, privateKey, publicJwk: googleTestKey.publicJwk },
    ...person,
  });
  const json = (body: unknown) => ({ contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(body) });
  await context.route('https://identitytoolkit.googleapis.com/v1/accounts:signInWithIdp**', (route) =>
    route.fulfill(
      json({
        kind: 'identitytoolkit#VerifyAssertionResponse',
        providerId: 'google.com',
        localId: person.uid,
        email: person.email,
        emailVerified: true,
        displayName: person.name,
        idToken,
        refreshToken: 'e2e-refresh-token',
        expiresIn: '3600',
      }),
    ),
  );
  await context.route('https://identitytoolkit.googleapis.com/v1/accounts:lookup**', (route) =>
    route.fulfill(
      json({
        users: [
          {
            localId: person.uid,
            email: person.email,
            emailVerified: true,
            displayName: person.name,
            providerUserInfo: [{ providerId: 'google.com', rawId: person.uid, email: person.email, displayName: person.name }],
            createdAt: String(Date.now()),
            lastLoginAt: String(Date.now()),
          },
        ],
      }),
    ),
  );
  const popup = await page.waitForEvent('popup');
  const eventId = new URL(popup.url()).searchParams.get('eventId');
  expect(eventId).toBeTruthy();
  await page.evaluate((id) => {
    const deliver = (window as unknown as { deliverAuthEvent: (event: unknown) => unknown }).deliverAuthEvent;
    deliver({
      authEvent: {
        type: 'signInViaPopup',
        eventId: id,
        urlResponse: `https://portal-test.firebaseapp.com/__/auth/handler?state=e2e#id_token=from-google`,
        sessionId: 'e2e-session',
        postBody: null,
        tenantId: null,
        error: null,
      },
    });
  }, eventId);
  return popup;
}

for (const { locale, dir } of localesIn(IN_ENGLISH)) {
  const m = MESSAGES[locale];

  test.describe(`Google sign-in in ${locale}`, () => {
    test('signs a new Google user in: an account is made and the header shows it', async ({ page, context }) => {
      await googleLibraryLoads(page);
      await popupHandlerAnswers(context);
      await authorizedDomains(context, ['localhost', 'portal-test.firebaseapp.com']);
      const person = {
        email: `google.${locale}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
        name: 'Maryam Al-Qahtani',
        uid: `uid-${Date.now()}`,
      };
      await page.goto(`/${locale}/auth/register`);
      const signedIn = googleAccepts(page, context, person);
      await googleButton(page, m).click();
      const popup = await signedIn;
      await expect(page).toHaveURL(`${BASE_URL}/${locale}`);
      await expect(page.getByRole('button', { name: m.Header.accountMenu.replace('{name}', person.name) })).toBeVisible();
      await expect.poll(() => popup.isClosed()).toBe(true);
      await page.goto(`/${locale}/profile`);
      await expect(page.getByText(person.email, { exact: true })).toBeVisible();
      // The session cookie came with it: the sign-in pages now send the user home.
      await page.goto(`/${locale}/auth/login`);
      await expect(page).toHaveURL(`${BASE_URL}/${locale}`);
    });

    test('refuses the takeover: a stranger registered the pilgrim\'s address with a password of their own', async ({ page, context }) => {
      await googleLibraryLoads(page);
      await popupHandlerAnswers(context);
      await authorizedDomains(context, ['localhost', 'portal-test.firebaseapp.com']);
      const email = `pilgrim.${locale}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@gmail.com`;
      const stranger = await fetch(`${BASE_URL}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Someone Else', email, password: 'Str4nger#2026', password_confirmation: 'Str4nger#2026' }),
      });
      expect(stranger.status).toBe(201);

      await page.goto(`/${locale}/auth/login`);
      const answered = googleAccepts(page, context, { email, name: 'Maryam Al-Qahtani', uid: `pilgrim-${Date.now()}` });
      await googleButton(page, m).click();
      await answered;
      await expect(googleError(page)).toHaveText(m.ApiErrors.google_account_exists);
      // Not signed in to the stranger's account: still on the sign-in page, no session cookie, nothing stored.
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/auth/login`);
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('session');
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}')?.state?.userData ?? null)).toBeNull();
    });

    test('links Google from the profile; Google sign-in then reaches this account', async ({ page, context }) => {
      await googleLibraryLoads(page);
      await popupHandlerAnswers(context);
      await authorizedDomains(context, ['localhost', 'portal-test.firebaseapp.com']);
      const { email } = await signUp(context, page, locale);
      await page.goto(`/${locale}/profile`);
      const card = page.getByRole('region', { name: m.LinkedAccounts.title });
      await expect(card.getByTestId('google-link-state')).toHaveText(m.LinkedAccounts.notLinked);

      const person = { email: `linked.${locale}.${Date.now()}@gmail.com`, name: 'Aisha Rahman', uid: `linked-${locale}-${Date.now()}` };
      const answered = googleAccepts(page, context, person);
      await card.getByRole('button', { name: m.LinkedAccounts.link }).click();
      await answered;
      await expect(card.getByTestId('google-link-state')).toHaveText(m.LinkedAccounts.linked);
      await expect(card.getByRole('status')).toHaveText(m.LinkedAccounts.linkedNow);

      const privateKey = (await importJWK(googleTestKey.privateJwk as JWK, 'RS256')) as CryptoKey;
      const idToken = await firebaseIdToken({ key: { kid: googleTestKey.kid, privateKey, publicJwk: googleTestKey.publicJwk }, ...person });
      const signIn = await fetch(`${BASE_URL}/api/v1/auth/social`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'google', id_token: idToken }),
      });
      expect(signIn.status).toBe(200);
      expect(((await signIn.json()) as { data: { email: string } }).data.email).toBe(email);

      // A password exists: Google can be unlinked again.
      await card.getByRole('button', { name: m.LinkedAccounts.unlink }).click();
      await expect(card.getByTestId('google-link-state')).toHaveText(m.LinkedAccounts.notLinked);
      await expect(card.getByRole('status')).toHaveText(m.LinkedAccounts.unlinkedNow);
    });

    test('the button shows on the sign-in and registration pages, after an "or"; when Google cannot be reached, says to check the connection', async ({ page }) => {
      for (const path of ['login', 'register']) {
        await page.goto(`/${locale}/auth/${path}`);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        const button = googleButton(page, m);
        await expect(button).toBeVisible();
        await expect(button).toBeEnabled();
        await expect(page.getByText(m.Auth.google.or, { exact: true })).toBeVisible();
        // Below the form's own submit button.
        const submit = page.getByRole('button', { name: path === 'login' ? m.Auth.login.submit : m.Auth.register.submit });
        expect((await button.boundingBox())!.y).toBeGreaterThan((await submit.boundingBox())!.y);
      }
      // Offline (the test's beforeEach): Google's own script does not load.
      await googleButton(page, m).click();
      await expect(googleError(page)).toHaveText(m.Auth.google.networkFailed);
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/auth/register`);
    });

    test('loads the Firebase SDK only on the click; a blocked popup says to allow pop-ups', async ({ page }) => {
      await googleLibraryLoads(page, { blockPopups: true });
      const scripts = scriptsOf(page);
      await page.goto(`/${locale}/auth/login`);
      await expect(googleButton(page, m)).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((script) => script.firebase)).toEqual([]);
      const resources = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
      expect(resources.filter((name) => /firebase/i.test(name))).toEqual([]);

      await googleButton(page, m).click();
      await expect(googleError(page)).toHaveText(m.Auth.google.popupBlocked);
      // Each script's body is read after its response arrives: under load, after the error is drawn.
      await expect.poll(() => scripts.some((script) => script.firebase)).toBe(true);
      // Firebase asked for a 500x600 popup.
      const features = await page.evaluate(() => (window as unknown as { popupFeatures: string[] }).popupFeatures);
      expect(features).toHaveLength(1);
      expect(features[0]).toContain('width=500');
      expect(features[0]).toContain('height=600');
      // Still on the page, not signed in, and free to try again.
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/auth/login`);
      await expect(googleButton(page, m)).toBeEnabled();
    });

    // Firebase's API failing (auth/network-request-failed) and a popup closed by the user (the pending button, then
    // a quiet note after Firebase's own wait of several seconds, no error) are the button's answers to Firebase's
    // codes: components/auth/google-sign-in.test.tsx shows each code's words in both languages, and
    // lib/auth/google-sign-in.test.ts which code is which. The cases left here need the real SDK's popup.
    test('when this site is not an authorised domain of the project, says so', async ({ page, context }) => {
      await googleLibraryLoads(page);
      await popupHandlerAnswers(context);
      await authorizedDomains(context, ['portal-test.firebaseapp.com', 'portal-test.web.app']);
      await page.goto(`/${locale}/auth/login`);
      const popupOpened = page.waitForEvent('popup');
      await googleButton(page, m).click();
      const popup = await popupOpened;
      await expect(googleError(page)).toHaveText(m.Auth.google.unauthorizedDomain);
      // Firebase closes its popup when the sign-in cannot go on.
      await expect.poll(() => popup.isClosed()).toBe(true);
      const features = await page.evaluate(() => (window as unknown as { popupFeatures: string[] }).popupFeatures);
      expect(features[0]).toContain('width=500');
      expect(features[0]).toContain('height=600');
    });
  });
}
