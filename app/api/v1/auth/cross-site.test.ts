import { afterEach, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call, type CallOptions } from '@/test/api';
import { newUser } from '@/test/accounts';
import * as registerRoute from './register/route';
import * as loginRoute from './login/route';
import * as logoutRoute from './logout/route';
import * as socialRoute from './social/route';
import * as meRoute from '../me/route';
import * as requestsRoute from '../requests/route';

withTestDatabase();

const PASSWORD = 'Labbaik#2026';
// The site's own origin in tests: APP_URL is unset, so http://localhost:$PORT (3000 by default).
const SITE = 'http://localhost:3000';
const ELSEWHERE: Record<string, string>[] = [
  { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  // A sibling subdomain is another origin too.
  { 'sec-fetch-site': 'same-site', origin: 'https://other.localhost' },
  // Browsers without Fetch Metadata: the Origin decides.
  { origin: 'https://evil.example' },
  { origin: 'null' },
];

function account() {
  return { name: 'Aisha Rahman', email: `csrf.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`, password: PASSWORD, password_confirmation: PASSWORD };
}

function expectRefused(response: Awaited<ReturnType<typeof call>>) {
  expect(response.status).toBe(403);
  expect(response.json!.error).toEqual({
    code: 'forbidden',
    message: 'This request came from another website and was refused. Open this site directly and try again.',
  });
  expect(response.headers.get('set-cookie')).toBeNull();
  expect(response.json).not.toHaveProperty('token');
}

afterEach(() => {
  delete process.env.APP_URL;
});

describe('routes that set or clear the session cookie refuse other sites', () => {
  it('login: a form posted from another site signs no one in', async () => {
    const { user } = await newUser();
    for (const headers of ELSEWHERE) {
      expectRefused(await call(loginRoute.POST, { body: { email: user.email, password: PASSWORD }, as: 'urlencoded', headers, locale: 'en' }));
    }
    const arabic = await call(loginRoute.POST, { body: { email: user.email, password: PASSWORD }, headers: ELSEWHERE[0], locale: 'ar' });
    expect(arabic.json!.error.message).toBe('رُفض هذا الطلب لأنه صادر من موقع آخر. افتح هذا الموقع مباشرةً ثم حاول مرة أخرى.');
  });

  it('register: no account is made from another site', async () => {
    for (const headers of ELSEWHERE) {
      const body = account();
      expectRefused(await call(registerRoute.POST, { body, as: 'urlencoded', headers, locale: 'en' }));
      expect((await call(loginRoute.POST, { body: { email: body.email, password: PASSWORD } })).status).toBe(422);
    }
  });

  it('Google sign-in, sign-out and account deletion', async () => {
    const { token } = await newUser();
    for (const headers of ELSEWHERE) {
      expectRefused(await call(socialRoute.POST, { body: { provider: 'google', id_token: 'a.b.c' }, headers, locale: 'en' }));
      expectRefused(await call(logoutRoute.POST, { body: {}, token, headers, locale: 'en' }));
      expectRefused(await call(meRoute.DELETE, { method: 'DELETE', token, headers, locale: 'en' }));
    }
    expect((await call(meRoute.GET, { token })).status).toBe(200);
  });

  it('another site cannot use the cookie for a change, nor clear it; the site\'s own pages can', async () => {
    const { token } = await newUser();
    for (const headers of ELSEWHERE) {
      const refused = await call(requestsRoute.POST, { body: { type: 'umrah' }, cookie: `session=${token}`, headers });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
    // A stale cookie: another site's request leaves it, the site's own clears it.
    const stale = await call(meRoute.GET, { cookie: 'session=stale', headers: ELSEWHERE[0] });
    expect(stale.status).toBe(401);
    expect(stale.headers.get('set-cookie')).toBeNull();
    const staleOurs = await call(meRoute.GET, { cookie: 'session=stale', headers: { 'sec-fetch-site': 'same-origin' } });
    expect(staleOurs.status).toBe(401);
    expect(staleOurs.headers.get('set-cookie')).toMatch(/session=;.*Max-Age=0/);
    // The site's own page, with the cookie alone (a browser whose stored token was wiped).
    const ours = await call(requestsRoute.POST, { body: { type: 'umrah' }, cookie: `session=${token}`, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(ours.status).toBe(201);
  });
});

describe('the site itself and clients that are not browsers keep working', () => {
  const allowed: [string, CallOptions['headers']][] = [
    ['same-origin Fetch Metadata', { 'sec-fetch-site': 'same-origin', origin: SITE }],
    ['the site\'s Origin without Fetch Metadata', { origin: SITE }],
    ['a visitor\'s own navigation', { 'sec-fetch-site': 'none' }],
    ['no Origin and no Fetch Metadata (an app, curl)', {}],
  ];
  it.each(allowed)('%s', async (_, headers) => {
    const body = account();
    const registered = await call(registerRoute.POST, { body, as: 'urlencoded', headers });
    expect(registered.status).toBe(201);
    expect(registered.headers.get('set-cookie')).toContain('session=');
    const signedIn = await call(loginRoute.POST, { body: { email: body.email, password: PASSWORD }, headers });
    expect(signedIn.status).toBe(200);
    const signedOut = await call(logoutRoute.POST, { body: {}, token: signedIn.json!.token, headers });
    expect(signedOut.status).toBe(204);
  });

  it('APP_URL is the site\'s origin when set', async () => {
    process.env.APP_URL = 'https://hajj.example.org/';
    const { user } = await newUser();
    const ours = await call(loginRoute.POST, { body: { email: user.email, password: PASSWORD }, headers: { origin: 'https://hajj.example.org' } });
    expect(ours.status).toBe(200);
    expectRefused(await call(loginRoute.POST, { body: { email: user.email, password: PASSWORD }, headers: { origin: SITE }, locale: 'en' }));
  });
});
