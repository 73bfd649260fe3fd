import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/server/db/client';
import { resetEnvForTests } from '@/lib/server/env';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { withTestDatabase } from '@/test/database';
import { firebaseIdToken, newTestKey, serveKeySet, TEST_PROJECT_ID, type KeyServer, type TestKey } from '@/test/firebase-tokens';
import * as socialRoute from '../../auth/social/route';
import * as googleRoute from './route';

withTestDatabase();

const FIREBASE_ENV: Record<string, string | undefined> = {
  FIREBASE_API_KEY: 'test-api-key',
  FIREBASE_AUTH_DOMAIN: 'portal-test.firebaseapp.com',
  FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
  FIREBASE_APP_ID: '1:1:web:1',
};

let google: TestKey;
let keys: KeyServer;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  google = await newTestKey('google-key');
  keys = await serveKeySet([google]);
  for (const [name, value] of Object.entries({ ...FIREBASE_ENV, FIREBASE_JWKS_URL: keys.url })) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  resetEnvForTests();
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
  await keys.close();
});

const uid = () => `google-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function googleToken(sub: string, email = `g.${sub}@gmail.com`) {
  return firebaseIdToken({ key: google, email, uid: sub });
}

describe('GET, POST, DELETE /me/google', () => {
  it('links Google from the profile; Google sign-in then reaches this account, even with another address', async () => {
    const { token, user } = await newUser();
    const before = await call(googleRoute.GET, { token });
    expect(before.status).toBe(200);
    expect(before.json!.data).toEqual({ linked: false, has_password: true, config: { apiKey: 'test-api-key', authDomain: 'portal-test.firebaseapp.com', projectId: TEST_PROJECT_ID, appId: '1:1:web:1' } });

    const sub = uid();
    const linked = await call(googleRoute.POST, { token, body: { id_token: await googleToken(sub) } });
    expect(linked.status).toBe(200);
    expect(linked.json!.data).toMatchObject({ linked: true, has_password: true });

    const signIn = await call(socialRoute.POST, { body: { provider: 'google', id_token: await googleToken(sub) } });
    expect(signIn.status).toBe(200);
    expect(signIn.json!.data.id).toBe(user.id);
  });

  it('linking from the signed-in account works whether or not its address is verified: the session proves the account', async () => {
    // The way the refusal in app/api/v1/auth/social names: sign in with the password, then link Google here.
    const { token, user } = await newUser();
    const sub = uid();
    expect((await call(googleRoute.POST, { token, body: { id_token: await googleToken(sub, user.email) } })).status).toBe(200);
    const signIn = await call(socialRoute.POST, { body: { provider: 'google', id_token: await googleToken(sub, user.email) } });
    expect(signIn.status).toBe(200);
    expect(signIn.json!.data.id).toBe(user.id);
  });

  it('refuses a Google user already linked to another account (409), and a bad token (422)', async () => {
    const owner = await newUser();
    const other = await newUser('Omar Haddad');
    const sub = uid();
    expect((await call(googleRoute.POST, { token: owner.token, body: { id_token: await googleToken(sub) } })).status).toBe(200);
    const taken = await call(googleRoute.POST, { token: other.token, body: { id_token: await googleToken(sub) }, locale: 'en' });
    expect(taken.status).toBe(409);
    expect(taken.json!.error).toEqual({ code: 'conflict', message: 'This Google account is already linked to another account on this site.' });
    const bad = await call(googleRoute.POST, { token: other.token, body: { id_token: 'not.a.token' }, locale: 'en' });
    expect(bad.status).toBe(422);
    expect(bad.json!.error.code).toBe('invalid_id_token');
    const empty = await call(googleRoute.POST, { token: other.token, body: {}, locale: 'en' });
    expect(empty.status).toBe(422);
    expect(empty.json!.error.fields).toEqual({ id_token: ['The Sign-in token field is required'] });
    expect((await call(googleRoute.GET, { token: other.token })).json!.data.linked).toBe(false);
  });

  it('unlinks when the account has a password; Google sign-in then no longer reaches it', async () => {
    const { token, user } = await newUser();
    const sub = uid();
    await call(googleRoute.POST, { token, body: { id_token: await googleToken(sub) } });
    const unlinked = await call(googleRoute.DELETE, { method: 'DELETE', token });
    expect(unlinked.status).toBe(200);
    expect(unlinked.json!.data).toMatchObject({ linked: false, has_password: true });
    // The Google address is not the account's, so signing in with Google now makes a new account.
    const signIn = await call(socialRoute.POST, { body: { provider: 'google', id_token: await googleToken(sub) } });
    expect(signIn.status).toBe(201);
    expect(signIn.json!.data.id).not.toBe(user.id);
  });

  it('refuses to unlink an account made with Google that has no password (409), in both languages', async () => {
    const sub = uid();
    const made = await call(socialRoute.POST, { body: { provider: 'google', id_token: await googleToken(sub) } });
    expect(made.status).toBe(201);
    const token = made.json!.token as string;
    expect((await call(googleRoute.GET, { token })).json!.data).toMatchObject({ linked: true, has_password: false });
    const en = await call(googleRoute.DELETE, { method: 'DELETE', token, locale: 'en' });
    expect(en.status).toBe(409);
    expect(en.json!.error).toEqual({ code: 'conflict', message: 'Set a password before you unlink Google: without either, you could not sign in any more.' });
    const ar = await call(googleRoute.DELETE, { method: 'DELETE', token, locale: 'ar' });
    expect(ar.json!.error.message).toBe('عيّن كلمة مرور قبل إلغاء ربط Google: فبدون أيٍّ منهما لن تتمكن من تسجيل الدخول.');
    const [row] = await queryRows<{ google_sub: string }>(sql`select google_sub from users where id = ${made.json!.data.id}`);
    expect(row!.google_sub).toBe(sub);
  });

  it('answers 401 without a session', async () => {
    for (const [handler, method] of [[googleRoute.GET, 'GET'], [googleRoute.POST, 'POST'], [googleRoute.DELETE, 'DELETE']] as const) {
      expect((await call(handler, { method, body: method === 'POST' ? { id_token: 'x' } : undefined })).status).toBe(401);
    }
  });
});
