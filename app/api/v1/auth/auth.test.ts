import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '@/lib/server/db/client';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import * as registerRoute from './register/route';
import * as loginRoute from './login/route';
import * as logoutRoute from './logout/route';
import * as meRoute from '../me/route';
import { clearSessionCache } from '@/lib/server/auth/session-cache';
import * as passwordRoute from '../me/password/route';
import * as unknownRoute from '../[...rest]/route';

withTestDatabase();

let counter = 0;
function newAccount(overrides: Record<string, string> = {}) {
  counter += 1;
  return {
    name: 'Aisha Rahman',
    email: `aisha.${counter}.${Date.now()}@example.com`,
    password: 'Labbaik#2026',
    password_confirmation: 'Labbaik#2026',
    ...overrides,
  };
}

async function registered(overrides: Record<string, string> = {}) {
  const account = newAccount(overrides);
  const response = await call(registerRoute.POST, { body: account });
  expect(response.status).toBe(201);
  return { account, token: response.json!.token as string, user: response.json!.data };
}

describe('POST /auth/register', () => {
  it('takes a mobile number as written and keeps it as E.164; refuses one that cannot exist', async () => {
    const { user } = await registered({ phone: '(050) 123 4567' });
    expect(user.phone).toBe('+966501234567');
    const { status, json } = await call(registerRoute.POST, { body: newAccount({ phone: '+12345678' }), locale: 'ar' });
    expect(status).toBe(422);
    expect(json!.error.fields).toEqual({ phone: ['أدخل رقم جوال صحيحًا، مثل \u2066050 123 4567\u2069 أو \u2066+966 50 123 4567\u2069'] });
  });

  it('creates the account, answers the user and a token, and sets the session cookie', async () => {
    const account = newAccount({ phone: '+966500000001' });
    const { status, json, headers } = await call(registerRoute.POST, { body: account, locale: 'en' });
    expect(status).toBe(201);
    expect(json!.data).toMatchObject({ name: 'Aisha Rahman', email: account.email, phone: '+966500000001', locale: 'en' });
    expect(json!.data).not.toHaveProperty('password_hash');
    expect(json!.data).not.toHaveProperty('passwordHash');
    expect(json!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = headers.get('set-cookie')!;
    expect(cookie).toContain(`session=${json!.token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('accepts multipart form data and url-encoded bodies too', async () => {
    expect((await call(registerRoute.POST, { body: newAccount(), as: 'form' })).status).toBe(201);
    expect((await call(registerRoute.POST, { body: newAccount(), as: 'urlencoded' })).status).toBe(201);
  });

  it('stores a scrypt hash of the password and only a SHA-256 hash of the token', async () => {
    const { account, token } = await registered();
    const [user] = await queryRows<{ password_hash: string }>(sql`select password_hash from users where email = ${account.email}`);
    expect(user!.password_hash).toMatch(/^scrypt\$/);
    expect(user!.password_hash).not.toContain(account.password);
    const sessions = await queryRows<{ token_hash: string }>(sql`select token_hash from sessions`);
    const expected = createHash('sha256').update(token).digest('hex');
    expect(sessions.map((s) => s.token_hash)).toContain(expected);
    expect(sessions.map((s) => s.token_hash)).not.toContain(token);
  });

  it('refuses an e-mail address already taken, whatever its case, on the email field', async () => {
    const { account } = await registered();
    const again = await call(registerRoute.POST, { body: newAccount({ email: account.email.toUpperCase() }), locale: 'en' });
    expect(again.status).toBe(422);
    expect(again.json!.error.code).toBe('validation_failed');
    expect(again.json!.error.fields.email).toEqual(['An account with this e-mail address already exists. Sign in instead.']);
    const arabic = await call(registerRoute.POST, { body: newAccount({ email: account.email }), locale: 'ar' });
    expect(arabic.json!.error.fields.email).toEqual(['يوجد حساب بهذا البريد الإلكتروني بالفعل. سجّل الدخول بدلًا من ذلك.']);
  });

  it('answers 422 with localized messages that name each field', async () => {
    const body = { name: '', email: 'not-an-email', password: 'short', password_confirmation: 'other' };
    const en = await call(registerRoute.POST, { body, locale: 'en' });
    expect(en.status).toBe(422);
    expect(en.json!.error.message).toBe('Some answers need your attention.');
    expect(en.json!.error.fields).toEqual({
      name: ['The Full name field is required'],
      email: ['Enter an e-mail address in the right form, like name@example.com'],
      password: ['The Password must be 8 characters or more'],
      password_confirmation: ['The confirmation does not match the Password field'],
    });
    const ar = await call(registerRoute.POST, { body, locale: 'ar' });
    expect(ar.json!.error.message).toBe('بعض الإجابات تحتاج إلى مراجعتك.');
    expect(ar.json!.error.fields.name).toEqual(['حقل الاسم الكامل مطلوب']);
    expect(ar.json!.error.fields.password_confirmation).toEqual(['التأكيد لا يطابق حقل كلمة المرور']);
  });

  it('asks for an uppercase letter, a lowercase letter, a number and a symbol', async () => {
    const weak = await call(registerRoute.POST, {
      body: newAccount({ password: 'alllowercase1', password_confirmation: 'alllowercase1' }),
      locale: 'en',
    });
    expect(weak.json!.error.fields.password).toEqual([
      'The Password field must contain an uppercase letter, a lowercase letter, a number and a symbol',
    ]);
  });

  it('answers 400 for a body that is not JSON, 415 for an unknown type, 413 for a huge body', async () => {
    const malformed = await call(registerRoute.POST, { body: '{"name": ', as: 'raw', headers: { 'content-type': 'application/json' }, locale: 'en' });
    expect(malformed.status).toBe(400);
    expect(malformed.json!.error).toEqual({ code: 'bad_request', message: 'The request could not be read. Please try again.' });
    const xml = await call(registerRoute.POST, { body: '<user/>', as: 'raw', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    const huge = await call(registerRoute.POST, { body: { name: 'x'.repeat(100_000) } });
    expect(huge.status).toBe(413);
    const array = await call(registerRoute.POST, { body: '[1,2]', as: 'raw', headers: { 'content-type': 'application/json' } });
    expect(array.status).toBe(400);
  });
});

describe('POST /auth/login', () => {
  it('signs in with any letter case of the e-mail and sets the cookie', async () => {
    const { account } = await registered();
    const { status, json, headers } = await call(loginRoute.POST, { body: { email: account.email.toUpperCase(), password: account.password } });
    expect(status).toBe(200);
    expect(json!.data.email).toBe(account.email);
    expect(json!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(headers.get('set-cookie')).toContain(`session=${json!.token}`);
  });

  it('answers the same 422 for a wrong password and an unknown e-mail, never 401', async () => {
    const { account } = await registered();
    const wrongPassword = await call(loginRoute.POST, { body: { email: account.email, password: 'Wrong#2026x' }, locale: 'en' });
    const unknownEmail = await call(loginRoute.POST, { body: { email: `nobody.${Date.now()}@example.com`, password: account.password }, locale: 'en' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(422);
      expect(response.json!.error).toEqual({ code: 'invalid_credentials', message: 'The e-mail address or password is not correct.' });
      expect(response.json).not.toHaveProperty('token');
    }
    const arabic = await call(loginRoute.POST, { body: { email: account.email, password: 'Wrong#2026x' }, locale: 'ar' });
    expect(arabic.json!.error.message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة.');
  });

  it('after 5 failures for an account from one address answers 429 with Retry-After there, even to the right password', async () => {
    const { account } = await registered();
    const address = { address: '198.51.100.20' };
    for (let i = 0; i < 5; i++) {
      const failed = await call(loginRoute.POST, { body: { email: account.email, password: `Wrong#${i}aaaa` }, ...address });
      expect(failed.status).toBe(422);
    }
    const blocked = await call(loginRoute.POST, { body: { email: account.email, password: account.password }, ...address, locale: 'en' });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json!.error.message).toBe('Too many attempts. Please wait 15 minutes and try again.');
  });

  it('after 20 failures from one address answers 429 for every account from it', async () => {
    const address = { address: '198.51.100.99' };
    for (let i = 0; i < 20; i++) {
      await call(loginRoute.POST, { body: { email: `guess${i}.${Date.now()}@example.com`, password: 'Guess#2026a' }, ...address });
    }
    const { account } = await registered();
    const blocked = await call(loginRoute.POST, { body: { email: account.email, password: account.password }, ...address });
    expect(blocked.status).toBe(429);
    const elsewhere = await call(loginRoute.POST, { body: { email: account.email, password: account.password }, address: '198.51.100.100' });
    expect(elsewhere.status).toBe(200);
  });

  it('a success clears the count of its address on the account', async () => {
    const { account } = await registered();
    const address = { address: '198.51.100.21' };
    for (let i = 0; i < 4; i++) await call(loginRoute.POST, { body: { email: account.email, password: `Wrong#${i}aaaa` }, ...address });
    expect((await call(loginRoute.POST, { body: { email: account.email, password: account.password }, ...address })).status).toBe(200);
    for (let i = 0; i < 4; i++) await call(loginRoute.POST, { body: { email: account.email, password: `Wrong#${i}bbbb` }, ...address });
    expect((await call(loginRoute.POST, { body: { email: account.email, password: account.password }, ...address })).status).toBe(200);
  });
});

describe('GET, PATCH, DELETE /me', () => {
  it('answers the profile to the bearer token', async () => {
    const { token, account } = await registered();
    const { status, json } = await call(meRoute.GET, { token });
    expect(status).toBe(200);
    expect(json!.data.email).toBe(account.email);
  });

  it('accepts the session cookie for GET; for a change only from the site\'s own pages (no CSRF)', async () => {
    const { token } = await registered();
    const cookie = `session=${token}`;
    expect((await call(meRoute.GET, { cookie })).status).toBe(200);
    const change = (headers: Record<string, string>) =>
      call(meRoute.PATCH, { method: 'PATCH', cookie, headers, body: { name: 'Changed' }, locale: 'en' });
    // A browser on the site's own page: Sec-Fetch-Site, or (older browsers) the site's own Origin.
    expect((await change({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await change({ origin: 'http://localhost:3000' })).status).toBe(200);
    // Another site, a sibling subdomain, a forged-looking Origin, or nothing to prove where it comes from.
    const elsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      {},
    ];
    for (const headers of elsewhere) {
      const refused = await change(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.json!.error.code).toBe('forbidden');
      // A refusal caused by another site leaves the visitor's cookie alone.
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
    // The bearer token needs no such proof: it is not sent by the browser on its own.
    expect((await call(meRoute.PATCH, { method: 'PATCH', token, body: { name: 'By token' } })).status).toBe(200);
  });

  it('answers 401 without a valid token, and clears the session cookie', async () => {
    for (const options of [{}, { token: 'not-a-real-token' }, { cookie: 'session=forged' }]) {
      const { status, json, headers } = await call(meRoute.GET, { ...options, locale: 'en' });
      expect(status).toBe(401);
      expect(json!.error.code).toBe('unauthenticated');
      expect(headers.get('set-cookie')).toMatch(/session=;.*Max-Age=0/);
    }
  });

  it('ends a session unused for 30 days', async () => {
    const { token } = await registered();
    const hash = createHash('sha256').update(token).digest('hex');
    const db = await getDb();
    await db.execute(sql`update sessions set last_used_at = now() - interval '29 days' where token_hash = ${hash}`);
    expect((await call(meRoute.GET, { token })).status).toBe(200);
    await db.execute(sql`update sessions set last_used_at = now() - interval '31 days' where token_hash = ${hash}`);
    // The row was aged behind the app's back: an instance would forget its cached copy within SESSION_CACHE_SECONDS.
    clearSessionCache();
    expect((await call(meRoute.GET, { token })).status).toBe(401);
  });

  it('changes name, mobile and preferred language', async () => {
    const { token } = await registered();
    const { status, json } = await call(meRoute.PATCH, { method: 'PATCH', token, body: { name: 'Aisha Al-Harbi', phone: '+966511111111', locale: 'ar' } });
    expect(status).toBe(200);
    expect(json!.data).toMatchObject({ name: 'Aisha Al-Harbi', phone: '+966511111111', locale: 'ar' });
    expect((await call(meRoute.GET, { token })).json!.data.name).toBe('Aisha Al-Harbi');
    const cleared = await call(meRoute.PATCH, { method: 'PATCH', token, body: { name: 'Aisha Al-Harbi', phone: '', locale: 'ar' } });
    expect(cleared.json!.data.phone).toBeNull();
  });

  it('changes only the fields sent: the name alone leaves mobile and language as they were', async () => {
    const { token } = await registered();
    await call(meRoute.PATCH, { method: 'PATCH', token, body: { name: 'Aisha Al-Harbi', phone: '+966511111111', locale: 'en' } });
    const { status, json } = await call(meRoute.PATCH, { method: 'PATCH', token, body: { name: 'Aisha Rahman' } });
    expect(status).toBe(200);
    expect(json!.data).toMatchObject({ name: 'Aisha Rahman', phone: '+966511111111', locale: 'en' });
    const language = await call(meRoute.PATCH, { method: 'PATCH', token, body: { locale: 'ar' } });
    expect(language.json!.data).toMatchObject({ name: 'Aisha Rahman', phone: '+966511111111', locale: 'ar' });
    const form = await call(meRoute.PATCH, { method: 'PATCH', token, as: 'form', body: { phone: '' } });
    expect(form.json!.data).toMatchObject({ name: 'Aisha Rahman', phone: null, locale: 'ar' });
    const nothing = await call(meRoute.PATCH, { method: 'PATCH', token, body: {} });
    expect(nothing.status).toBe(200);
    expect(nothing.json!.data).toMatchObject({ name: 'Aisha Rahman', phone: null, locale: 'ar' });
  });

  it('still checks a field that is sent: an empty name is refused, the language left out is not asked for', async () => {
    const { token } = await registered();
    const { status, json } = await call(meRoute.PATCH, { method: 'PATCH', token, body: { name: '' }, locale: 'en' });
    expect(status).toBe(422);
    expect(json!.error.fields).toEqual({ name: ['The Full name field is required'] });
  });

  it('takes the mobile number as written, in any digits, and keeps it as E.164 (Saudi when it has no "+")', async () => {
    const { token } = await registered();
    for (const [written, kept] of [['050-123-4567', '+966501234567'], ['٠٥٠ ١٢٣ ٤٥٦٧', '+966501234567'], ['+20 10 0123 4567', '+201001234567']]) {
      const { status, json } = await call(meRoute.PATCH, { method: 'PATCH', token, body: { name: 'Aisha', phone: written, locale: 'en' } });
      expect(status, written).toBe(200);
      expect(json!.data.phone).toBe(kept);
    }
    const refused = await call(meRoute.PATCH, { method: 'PATCH', token, body: { name: 'Aisha', phone: '+12345678', locale: 'en' }, locale: 'en' });
    expect(refused.status).toBe(422);
    expect(refused.json!.error.fields).toEqual({ phone: ['Enter a real mobile number, like 050 123 4567 or +966 50 123 4567'] });
  });

  it('refuses an unknown language or an empty name with field messages', async () => {
    const { token } = await registered();
    const { status, json } = await call(meRoute.PATCH, { method: 'PATCH', token, body: { name: '', locale: 'fr' }, locale: 'en' });
    expect(status).toBe(422);
    expect(json!.error.fields).toEqual({
      name: ['The Full name field is required'],
      locale: ['Choose the Preferred language from the list'],
    });
  });

  it('deletes the account, ends its sessions and frees the e-mail address', async () => {
    const { token, account } = await registered();
    const second = (await call(loginRoute.POST, { body: { email: account.email, password: account.password } })).json!.token;
    const deleted = await call(meRoute.DELETE, { method: 'DELETE', token });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await call(meRoute.GET, { token })).status).toBe(401);
    expect((await call(meRoute.GET, { token: second })).status).toBe(401);
    expect((await call(loginRoute.POST, { body: { email: account.email, password: account.password } })).status).toBe(422);
    expect((await call(registerRoute.POST, { body: { ...account } })).status).toBe(201);
  });
});

describe('POST /me/password', () => {
  it('changes the password and ends every other session', async () => {
    const { token, account } = await registered();
    const other = (await call(loginRoute.POST, { body: { email: account.email, password: account.password } })).json!.token;
    const changed = await call(passwordRoute.POST, {
      token,
      body: { current_password: account.password, password: 'Umrah#1448new', password_confirmation: 'Umrah#1448new' },
    });
    expect(changed.status).toBe(204);
    expect((await call(meRoute.GET, { token })).status).toBe(200);
    expect((await call(meRoute.GET, { token: other })).status).toBe(401);
    expect((await call(loginRoute.POST, { body: { email: account.email, password: account.password } })).status).toBe(422);
    expect((await call(loginRoute.POST, { body: { email: account.email, password: 'Umrah#1448new' } })).status).toBe(200);
  });

  it('refuses a wrong current password on its field', async () => {
    const { token } = await registered();
    const { status, json } = await call(passwordRoute.POST, {
      token,
      locale: 'ar',
      body: { current_password: 'Wrong#2026x', password: 'Umrah#1448new', password_confirmation: 'Umrah#1448new' },
    });
    expect(status).toBe(422);
    expect(json!.error.fields).toEqual({ current_password: ['كلمة المرور الحالية غير صحيحة.'] });
  });
});

describe('POST /auth/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const { token } = await registered();
    const { status, headers } = await call(logoutRoute.POST, { token, body: { device_token: 'device-1' } });
    expect(status).toBe(204);
    expect(headers.get('set-cookie')).toMatch(/session=;.*Max-Age=0/);
    expect((await call(meRoute.GET, { token })).status).toBe(401);
  });

  it('needs a session', async () => {
    expect((await call(logoutRoute.POST, { body: {} })).status).toBe(401);
  });
});

describe('unknown API addresses', () => {
  it('answer a JSON 404 in the reader\'s language', async () => {
    const { status, json } = await call(unknownRoute.GET, { locale: 'ar', path: '/api/v1/nothing' });
    expect(status).toBe(404);
    expect(json!.error).toEqual({ code: 'not_found', message: 'لم نعثر على ما طلبته.' });
  });
});
