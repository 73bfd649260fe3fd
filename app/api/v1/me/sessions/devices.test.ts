import { describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import * as loginRoute from '../../auth/login/route';
import * as devicesRoute from '../../devices/route';
import * as deviceRoute from '../../devices/[token]/route';
import * as meRoute from '../route';
import * as sessionsRoute from './route';
import * as sessionRoute from './[id]/route';
import * as revokeOthersRoute from './revoke-others/route';

withTestDatabase();

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

type ListedSession = { id: string; browser: string | null; system: string | null; created_at: string; last_used_at: string; current: boolean };

async function signIn(email: string) {
  return (await call(loginRoute.POST, { body: { email, password: 'Labbaik#2026' } })).json!.token as string;
}

async function sessionsOf(token: string, userAgent = WINDOWS) {
  const { status, json } = await call(sessionsRoute.GET, { token, headers: { 'user-agent': userAgent } });
  expect(status).toBe(200);
  return json!.data as ListedSession[];
}

describe('GET /me/sessions', () => {
  it("lists the account's sessions with browser, system, first and last use, this one marked, and nothing secret", async () => {
    const { token, user } = await newUser();
    const phone = await signIn(user.email);
    await call(meRoute.GET, { token: phone, headers: { 'user-agent': IPHONE } });
    await newUser('Omar Haddad');

    const listed = await sessionsOf(token);
    expect(listed).toHaveLength(2);
    // This device first, though the phone was used after it signed in.
    const [mine, other] = listed as [ListedSession, ListedSession];
    expect(mine).toMatchObject({ browser: 'Chrome', system: 'Windows', current: true });
    expect(other).toMatchObject({ browser: 'Safari', system: 'iPhone', current: false });
    for (const session of listed) {
      expect(Object.keys(session).sort()).toEqual(['browser', 'created_at', 'current', 'id', 'last_used_at', 'system']);
      expect(Date.parse(session.created_at)).toBeLessThanOrEqual(Date.parse(session.last_used_at));
    }
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(JSON.stringify(listed)).not.toContain(phone);
  });

  it('names a session from a browser it cannot tell with nulls, for the page to say "unknown"', async () => {
    const { token } = await newUser();
    const listed = await sessionsOf(token, 'curl/8.5.0');
    expect(listed).toEqual([expect.objectContaining({ browser: null, system: null, current: true })]);
  });
});

describe('DELETE /me/sessions/{id}', () => {
  it('signs out one other device and leaves the rest', async () => {
    const { token, user } = await newUser();
    const phone = await signIn(user.email);
    const laptop = await signIn(user.email);
    const phoneId = (await sessionsOf(phone)).find((s) => s.current)!.id;

    const { status, headers } = await call(sessionRoute.DELETE, { method: 'DELETE', token, params: { id: phoneId } });
    expect(status).toBe(204);
    expect(headers.get('set-cookie')).toBeNull();
    expect((await call(meRoute.GET, { token: phone })).status).toBe(401);
    expect((await call(meRoute.GET, { token: laptop })).status).toBe(200);
    expect((await call(meRoute.GET, { token })).status).toBe(200);
    expect((await sessionsOf(token)).map((s) => s.id)).not.toContain(phoneId);
  });

  it("answers 404 for another account's session, an unknown id or a malformed one, and ends nothing", async () => {
    const owner = await newUser();
    const stranger = await newUser('Omar Haddad');
    const strangerId = (await sessionsOf(stranger.token))[0]!.id;
    for (const id of [strangerId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const { status, json } = await call(sessionRoute.DELETE, { method: 'DELETE', token: owner.token, params: { id }, locale: 'en' });
      expect(status).toBe(404);
      expect(json!.error.code).toBe('not_found');
    }
    expect((await call(meRoute.GET, { token: stranger.token })).status).toBe(200);
  });

  it('ending this very session clears its cookie too', async () => {
    const { token } = await newUser();
    const id = (await sessionsOf(token))[0]!.id;
    const { status, headers } = await call(sessionRoute.DELETE, { method: 'DELETE', token, params: { id } });
    expect(status).toBe(204);
    expect(headers.get('set-cookie')).toMatch(/session=;.*Max-Age=0/);
    expect((await call(meRoute.GET, { token })).status).toBe(401);
  });

  it('is refused from another website', async () => {
    const { token, user } = await newUser();
    const phone = await signIn(user.email);
    const phoneId = (await sessionsOf(phone)).find((s) => s.current)!.id;
    const { status } = await call(sessionRoute.DELETE, { method: 'DELETE', token, params: { id: phoneId }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(status).toBe(403);
    expect((await call(meRoute.GET, { token: phone })).status).toBe(200);
  });

  it('"sign out everywhere else" leaves only this session in the list', async () => {
    const { token, user } = await newUser();
    await signIn(user.email);
    await signIn(user.email);
    expect(await sessionsOf(token)).toHaveLength(3);
    await call(revokeOthersRoute.POST, { method: 'POST', token });
    expect(await sessionsOf(token)).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('GET /devices', () => {
  it("lists the account's push devices with the browser that registered them, and DELETE removes one", async () => {
    const { token } = await newUser();
    const stranger = await newUser('Omar Haddad');
    const registered = await call(devicesRoute.POST, {
      token,
      headers: { 'user-agent': IPHONE },
      body: { provider: 'webpush', subscription: { endpoint: `https://web.push.apple.com/d-${Date.now()}`, keys: { p256dh: P256DH, auth: 'tBHItJI5svbpez7KI4CCXg' } } },
    });
    expect(registered.status).toBe(201);
    const deviceToken = registered.json!.data.token as string;

    const { status, json } = await call(devicesRoute.GET, { token });
    expect(status).toBe(200);
    expect(json!.data).toEqual([expect.objectContaining({ token: deviceToken, provider: 'webpush', browser: 'Safari', system: 'iPhone' })]);
    expect(JSON.stringify(json!.data)).not.toContain('web.push.apple.com');
    expect((await call(devicesRoute.GET, { token: stranger.token })).json!.data).toEqual([]);

    expect((await call(deviceRoute.DELETE, { method: 'DELETE', token: stranger.token, params: { token: deviceToken } })).status).toBe(404);
    expect((await call(deviceRoute.DELETE, { method: 'DELETE', token, params: { token: deviceToken } })).status).toBe(204);
    expect((await call(devicesRoute.GET, { token })).json!.data).toEqual([]);
  });
});
