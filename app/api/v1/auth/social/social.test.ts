import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/server/db/client';
import { resetEnvForTests } from '@/lib/server/env';
import { SOCKET_ADDRESS_HEADER } from '@/lib/server/http/socket-address';
import { call } from '@/test/api';
import { withTestDatabase } from '@/test/database';
import { notificationsOf } from '@/test/notifications';
import { firebaseIdToken, newTestKey, serveKeySet, TEST_PROJECT_ID, type KeyServer, type TestKey } from '@/test/firebase-tokens';
import * as socialRoute from './route';
import * as registerRoute from '../register/route';
import * as loginRoute from '../login/route';
import * as meRoute from '../../me/route';

withTestDatabase();

const FIREBASE_ENV = {
  FIREBASE_API_KEY: 'test-api-key',
  FIREBASE_AUTH_DOMAIN: 'portal-test.firebaseapp.com',
  FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
  FIREBASE_APP_ID: '1:1:web:1',
};

let google: TestKey;
let forger: TestKey;
let keys: KeyServer;
const saved: Record<string, string | undefined> = {};

function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (!(name in saved)) saved[name] = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

beforeAll(async () => {
  google = await newTestKey('google-key');
  forger = await newTestKey('forger-key');
  keys = await serveKeySet([google]);
  setEnv({ ...FIREBASE_ENV, FIREBASE_JWKS_URL: keys.url });
});

afterAll(async () => {
  setEnv(saved);
  await keys.close();
});

let counter = 0;
/** A fresh address per test, so that the per-address limit of one test does not spill into another. */
function address() {
  counter += 1;
  return { [SOCKET_ADDRESS_HEADER]: `192.0.2.${counter}` };
}
function uniqueEmail() {
  return `hajj.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function signIn(idToken: string, options: { locale?: 'en' | 'ar'; headers?: Record<string, string>; provider?: string } = {}) {
  return call(socialRoute.POST, {
    body: { provider: options.provider ?? 'google', id_token: idToken },
    locale: options.locale,
    headers: options.headers ?? address(),
  });
}

/** The owner verified the address (the verification flow sets this column; here the test does). */
async function markVerified(email: string) {
  await queryRows(sql`update users set email_verified_at = now() where lower(email) = lower(${email})`);
}

async function googleSubOf(email: string) {
  const [row] = await queryRows<{ google_sub: string | null }>(sql`select google_sub from users where lower(email) = lower(${email})`);
  return row!.google_sub;
}

function expectNoSignIn(response: Awaited<ReturnType<typeof signIn>>) {
  expect(response.json).not.toHaveProperty('token');
  expect(response.json).not.toHaveProperty('data');
  expect(response.headers.get('set-cookie')).toBeNull();
}

describe('POST /auth/social', () => {
  it('creates an account for a new Google user: 201, user, token and the session cookie', async () => {
    const email = uniqueEmail();
    const { status, json, headers } = await signIn(await firebaseIdToken({ key: google, email, name: 'Fatimah Al-Zahrani' }), { locale: 'en' });
    expect(status).toBe(201);
    expect(json!.data).toMatchObject({ name: 'Fatimah Al-Zahrani', email, phone: null, locale: 'en' });
    expect(json!.data).not.toHaveProperty('passwordHash');
    expect(json!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = headers.get('set-cookie')!;
    expect(cookie).toContain(`session=${json!.token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    // The token is a session like any other.
    expect((await call(meRoute.GET, { token: json!.token })).json!.data.email).toBe(email);
    // Welcomed like an account made with a password.
    const { items } = await notificationsOf(json!.token, 'en');
    expect(items.map((n) => n.title)).toEqual(['Welcome, Fatimah Al-Zahrani']);
  });

  it('gives a Google account a password nobody knows', async () => {
    const email = uniqueEmail();
    expect((await signIn(await firebaseIdToken({ key: google, email }))).status).toBe(201);
    const [row] = await queryRows<{ password_hash: string }>(sql`select password_hash from users where email = ${email}`);
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    for (const guess of ['', 'Labbaik#2026', email]) {
      expect((await call(loginRoute.POST, { body: { email, password: guess || 'x' }, headers: address() })).status).toBe(422);
    }
  });

  it('signs the same Google user in to the same account the second time (200)', async () => {
    const email = uniqueEmail();
    const first = await signIn(await firebaseIdToken({ key: google, email }));
    const second = await signIn(await firebaseIdToken({ key: google, email: email.toUpperCase(), name: 'Another Name' }));
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.json!.data.id).toBe(first.json!.data.id);
    expect(second.json!.data.name).toBe(first.json!.data.name);
    expect(second.json!.token).not.toBe(first.json!.token);
    const [{ count }] = (await queryRows<{ count: number }>(sql`select count(*)::int as count from users where lower(email) = lower(${email})`)) as [{ count: number }];
    expect(count).toBe(1);
  });

  it('links to an existing password account whose owner verified the address (and Google verified its own), whatever its case', async () => {
    const email = uniqueEmail();
    const registered = await call(registerRoute.POST, {
      body: { name: 'Aisha Rahman', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' },
      headers: address(),
    });
    expect(registered.status).toBe(201);
    await markVerified(email);
    const { status, json } = await signIn(await firebaseIdToken({ key: google, email: email.toUpperCase(), uid: `sub-${email}`, name: 'A. Rahman' }));
    expect(status).toBe(200);
    expect(json!.data).toMatchObject({ id: registered.json!.data.id, name: 'Aisha Rahman', email });
    expect(await googleSubOf(email)).toBe(`sub-${email}`);
    // The password still works: linking changes nothing else about the account.
    expect((await call(loginRoute.POST, { body: { email, password: 'Labbaik#2026' }, headers: address() })).status).toBe(200);
  });

  it('refuses the takeover: someone registers the pilgrim’s address with their own password, then the pilgrim signs in with Google', async () => {
    const pilgrimsAddress = uniqueEmail();
    // The stranger registers first, with a password of their own; the address was never verified.
    const stranger = await call(registerRoute.POST, {
      body: { name: 'Someone Else', email: pilgrimsAddress, password: 'Str4nger#2026', password_confirmation: 'Str4nger#2026' },
      headers: address(),
    });
    expect(stranger.status).toBe(201);
    const pilgrimsGoogle = await firebaseIdToken({ key: google, email: pilgrimsAddress, uid: `pilgrim-${pilgrimsAddress}`, name: 'Fatimah Al-Zahrani' });

    const en = await signIn(pilgrimsGoogle, { locale: 'en' });
    expect(en.status).toBe(409);
    expect(en.json!.error).toEqual({
      code: 'conflict',
      message:
        'An account with this e-mail address already exists, and it is not linked to this Google account. Sign in with your e-mail address and password first, then link Google from your profile.',
    });
    expectNoSignIn(en);
    const ar = await signIn(pilgrimsGoogle, { locale: 'ar' });
    expect(ar.status).toBe(409);
    expect(ar.json!.error.message).toContain('ثم اربط Google من ملفك الشخصي');
    expectNoSignIn(ar);
    // Nothing was linked or made: the stranger's account is untouched and no second account exists.
    expect(await googleSubOf(pilgrimsAddress)).toBeNull();
    const rows = await queryRows<{ id: string }>(sql`select id from users where lower(email) = lower(${pilgrimsAddress})`);
    expect(rows.map((row) => row.id)).toEqual([stranger.json!.data.id]);
  });

  it('refuses to join a verified account already linked to another Google user', async () => {
    const email = uniqueEmail();
    expect((await signIn(await firebaseIdToken({ key: google, email, uid: `first-${email}` }))).status).toBe(201);
    const other = await signIn(await firebaseIdToken({ key: google, email, uid: `second-${email}` }), { locale: 'en' });
    expect(other.status).toBe(409);
    expectNoSignIn(other);
    expect(await googleSubOf(email)).toBe(`first-${email}`);
  });

  it('signs in by the Google user, not the address: the same Google user with a changed address reaches the same account', async () => {
    const email = uniqueEmail();
    const first = await signIn(await firebaseIdToken({ key: google, email, uid: `stable-${email}` }));
    expect(first.status).toBe(201);
    const renamed = await signIn(await firebaseIdToken({ key: google, email: `new.${email}`, uid: `stable-${email}` }));
    expect(renamed.status).toBe(200);
    expect(renamed.json!.data.id).toBe(first.json!.data.id);
  });

  it('makes a Google account verified, linked and without a password of its own', async () => {
    const email = uniqueEmail();
    expect((await signIn(await firebaseIdToken({ key: google, email, uid: `new-${email}` }))).status).toBe(201);
    const [row] = await queryRows<{ google_sub: string; verified: boolean; has_password: boolean }>(
      sql`select google_sub, email_verified_at is not null as verified, has_password from users where email = ${email}`,
    );
    expect(row).toEqual({ google_sub: `new-${email}`, verified: true, has_password: false });
  });

  it('refuses an invalid, expired, forged or foreign token with 422, a localized message, no token and no cookie', async () => {
    const email = uniqueEmail();
    const bad = {
      garbage: 'not.a.token',
      expired: await firebaseIdToken({ key: google, email, issuedAt: -7200, authTime: -7200, expiresIn: 3600 }),
      forged: await firebaseIdToken({ key: forger, kid: google.kid, email }),
      unknownKey: await firebaseIdToken({ key: forger, email }),
      otherProject: await firebaseIdToken({ key: google, email, projectId: 'another-project' }),
      passwordSignIn: await firebaseIdToken({ key: google, email, claims: { firebase: { sign_in_provider: 'password' } } }),
    };
    for (const [what, token] of Object.entries(bad)) {
      const en = await signIn(token, { locale: 'en' });
      expect(en.status, what).toBe(422);
      expect(en.json!.error, what).toEqual({ code: 'invalid_id_token', message: 'Google sign-in could not be confirmed. Please try again.' });
      expectNoSignIn(en);
    }
    const ar = await signIn(bad.forged, { locale: 'ar' });
    expect(ar.json!.error.message).toBe('تعذّر تأكيد تسجيل الدخول عبر Google. يُرجى المحاولة مرة أخرى.');
    expect(await queryRows(sql`select id from users where lower(email) = lower(${email})`)).toEqual([]);
  });

  it('refuses an unverified Google address, even when an account has it', async () => {
    const email = uniqueEmail();
    await call(registerRoute.POST, {
      body: { name: 'Aisha Rahman', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' },
      headers: address(),
    });
    for (const who of [email, uniqueEmail()]) {
      const response = await signIn(await firebaseIdToken({ key: google, email: who, emailVerified: false }), { locale: 'en' });
      expect(response.status).toBe(422);
      expect(response.json!.error.code).toBe('invalid_id_token');
      expect(response.json!.error.message).toMatch(/not verified/);
      expectNoSignIn(response);
    }
    const ar = await signIn(await firebaseIdToken({ key: google, email, emailVerified: false }), { locale: 'ar' });
    expect(ar.json!.error.message).toContain('غير مُوثَّق');
  });

  it('accepts only the google provider and needs a token, with field messages', async () => {
    const token = await firebaseIdToken({ key: google, email: uniqueEmail() });
    const facebook = await signIn(token, { provider: 'facebook', locale: 'en' });
    expect(facebook.status).toBe(422);
    expect(facebook.json!.error.fields).toEqual({ provider: ['Choose the Sign-in provider from the list'] });
    expectNoSignIn(facebook);
    const empty = await call(socialRoute.POST, { body: { provider: 'google' }, locale: 'ar', headers: address() });
    expect(empty.status).toBe(422);
    expect(empty.json!.error.fields).toEqual({ id_token: ['حقل رمز تسجيل الدخول مطلوب'] });
    // Form bodies work too.
    expect((await call(socialRoute.POST, { body: { provider: 'google', id_token: token }, as: 'form', headers: address() })).status).toBe(201);
  });

  it('after 20 refused tokens from one address answers 429 with Retry-After, even to a good token', async () => {
    const from = address();
    const forged = await firebaseIdToken({ key: forger, kid: google.kid });
    for (let i = 0; i < 20; i++) expect((await signIn(forged, { headers: from })).status).toBe(422);
    const good = await firebaseIdToken({ key: google, email: uniqueEmail() });
    const blocked = await signIn(good, { headers: from, locale: 'en' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(blocked.json!.error.message).toBe('Too many attempts. Please wait 15 minutes and try again.');
    expectNoSignIn(blocked);
    expect((await signIn(good)).status).toBe(201);
  });

  it('shares the per-address limit with password sign-in', async () => {
    const from = address();
    for (let i = 0; i < 20; i++) {
      await call(loginRoute.POST, { body: { email: `guess${i}.${Date.now()}@example.com`, password: 'Guess#2026a' }, headers: from });
    }
    expect((await signIn(await firebaseIdToken({ key: google, email: uniqueEmail() }), { headers: from })).status).toBe(429);
  });

  it('answers 404 and signs nobody in when Firebase is not configured', async () => {
    const token = await firebaseIdToken({ key: google, email: uniqueEmail() });
    setEnv({ FIREBASE_API_KEY: undefined });
    try {
      const response = await signIn(token, { locale: 'en' });
      expect(response.status).toBe(404);
      expect(response.json!.error).toEqual({ code: 'not_found', message: 'Google sign-in is not available on this site.' });
      expectNoSignIn(response);
    } finally {
      setEnv({ FIREBASE_API_KEY: FIREBASE_ENV.FIREBASE_API_KEY });
    }
  });
});
