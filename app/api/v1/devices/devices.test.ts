import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { queryRows } from '@/lib/server/db/client';
import { resetEnvForTests } from '@/lib/server/env';
import * as devicesRoute from './route';
import * as deviceRoute from './[token]/route';
import * as configRoute from '../push/config/route';
import * as logoutRoute from '../auth/logout/route';

withTestDatabase();

afterEach(() => {
  for (const name of Object.keys(process.env)) if (name.startsWith('FIREBASE_')) delete process.env[name];
  resetEnvForTests();
});

const KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
// One browser per test: a device belongs to one account, so tests must not share an endpoint.
let browser = 0;
beforeEach(() => {
  browser += 1;
});
const subscription = (endpoint = `https://fcm.googleapis.com/fcm/send/abc:def-${browser}`) => ({ endpoint, keys: KEYS });

function register(token: string | undefined, body: unknown) {
  return call(devicesRoute.POST, { token, body, locale: 'en' });
}

async function devicesOf(userId: string) {
  return queryRows<{ token: string; provider: string }>(sql`select token, provider from push_devices where user_id = ${userId}`);
}

describe('POST /devices', () => {
  it('registers a Web Push subscription once, however often the browser sends it', async () => {
    const { token, user } = await newUser();
    const first = await register(token, { provider: 'webpush', subscription: subscription() });
    expect(first.status).toBe(201);
    expect(first.json!.data).toMatchObject({ provider: 'webpush', token: expect.stringMatching(/^wp_[A-Za-z0-9_-]{43}$/) });
    const again = await register(token, { provider: 'webpush', subscription: subscription() });
    expect(again.json!.data.token).toBe(first.json!.data.token);
    expect(await devicesOf(user.id)).toHaveLength(1);
  });

  it('registers an FCM token', async () => {
    const { token, user } = await newUser();
    const fcmToken = 'dQw4w9WgXcQ:APA91bH' + 'x'.repeat(120);
    const response = await register(token, { provider: 'fcm', token: fcmToken });
    expect(response.status).toBe(201);
    expect(response.json!.data).toMatchObject({ provider: 'fcm', token: fcmToken });
    expect(await devicesOf(user.id)).toEqual([{ token: fcmToken, provider: 'fcm' }]);
  });

  it('refuses endpoints that are not a browser push service, and malformed bodies, with 422', async () => {
    const { token } = await newUser();
    for (const endpoint of ['http://169.254.169.254/latest/meta-data', 'https://127.0.0.1/push', 'https://evil.example/fcm.googleapis.com', 'https://user:pw@fcm.googleapis.com/x']) {
      const refused = await register(token, { provider: 'webpush', subscription: subscription(endpoint) });
      expect(refused.status, endpoint).toBe(422);
    }
    const local = await register(token, { provider: 'webpush', subscription: subscription('http://127.0.0.1:9/push') });
    expect(local.json!.error.fields['subscription.endpoint']).toEqual(['Push messages can only be sent through a browser’s push service.']);
    expect((await register(token, { provider: 'webpush' })).status).toBe(422);
    expect((await register(token, { provider: 'apns', token: 'x'.repeat(40) })).status).toBe(422);
    expect((await register(token, { provider: 'webpush', subscription: { endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: '<script>', auth: 'a' } } })).status).toBe(422);
  });

  it('needs a session', async () => {
    expect((await register(undefined, { provider: 'webpush', subscription: subscription() })).status).toBe(401);
  });

  it('a subscription or FCM token that another account registered is refused with 409, and that account keeps its device', async () => {
    const first = await newUser();
    const second = await newUser();
    const webpush = await register(first.token, { provider: 'webpush', subscription: subscription() });
    const fcmToken = 'dQw4w9WgXcQ:APA91bH' + 'y'.repeat(120);
    await register(first.token, { provider: 'fcm', token: fcmToken });
    const before = await queryRows(sql`select token, user_id, p256dh, auth, renewed_at from push_devices order by token`);

    const otherKeys = { p256dh: 'B' + 'x'.repeat(86), auth: 'y'.repeat(22) };
    for (const body of [
      { provider: 'webpush', subscription: subscription() },
      { provider: 'webpush', subscription: { endpoint: subscription().endpoint, keys: otherKeys } },
      { provider: 'fcm', token: fcmToken },
    ]) {
      const taken = await register(second.token, body);
      expect(taken.status, JSON.stringify(body)).toBe(409);
      expect(taken.json!.error).toEqual({
        code: 'conflict',
        message: 'This device already receives another account’s notifications. Switch notifications off and on again to use it for this account.',
      });
    }
    const arabic = await call(devicesRoute.POST, { token: second.token, body: { provider: 'fcm', token: fcmToken }, locale: 'ar' });
    expect(arabic.json!.error.message).toBe('هذا الجهاز يستقبل إشعارات حساب آخر. أوقِف الإشعارات ثم شغِّلها من جديد لاستخدامه مع هذا الحساب.');

    // Untouched: same owner, same keys, not even renewed.
    expect(await queryRows(sql`select token, user_id, p256dh, auth, renewed_at from push_devices order by token`)).toEqual(before);
    expect(await devicesOf(second.user.id)).toHaveLength(0);
    expect((await devicesOf(first.user.id)).map((d) => d.token).sort()).toEqual([fcmToken, webpush.json!.data.token].sort());
  });

  it('the owner re-registering its own device renews it with the new keys', async () => {
    const { token, user } = await newUser();
    await register(token, { provider: 'webpush', subscription: subscription() });
    const otherKeys = { p256dh: 'B' + 'x'.repeat(86), auth: 'y'.repeat(22) };
    const again = await register(token, { provider: 'webpush', subscription: { endpoint: subscription().endpoint, keys: otherKeys } });
    expect(again.status).toBe(201);
    expect(await queryRows(sql`select p256dh, auth from push_devices where user_id = ${user.id}`)).toEqual([otherKeys]);
  });

  it('after the first account signs out with the device, another account may register the same browser', async () => {
    const first = await newUser();
    const second = await newUser();
    const device = await register(first.token, { provider: 'webpush', subscription: subscription() });
    expect((await call(logoutRoute.POST, { token: first.token, body: { device_token: device.json!.data.token } })).status).toBe(204);
    expect((await register(second.token, { provider: 'webpush', subscription: subscription() })).status).toBe(201);
    expect(await devicesOf(second.user.id)).toHaveLength(1);
  });
});

describe('PATCH and DELETE /devices/{token}', () => {
  it('renews the owner’s device; anyone else gets 404', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const device = (await register(owner.token, { provider: 'webpush', subscription: subscription() })).json!.data;
    await queryRows(sql`update push_devices set renewed_at = now() - interval '8 days' where token = ${device.token}`);
    expect((await call(deviceRoute.PATCH, { method: 'PATCH', token: stranger.token, params: { token: device.token }, body: {} })).status).toBe(404);
    expect((await call(deviceRoute.PATCH, { method: 'PATCH', params: { token: device.token }, body: {} })).status).toBe(401);
    const renewed = await call(deviceRoute.PATCH, { method: 'PATCH', token: owner.token, params: { token: device.token }, body: { subscription: subscription() } });
    expect(renewed.status).toBe(200);
    expect(Date.now() - Date.parse(renewed.json!.data.renewed_at)).toBeLessThan(60_000);
    expect((await call(deviceRoute.PATCH, { method: 'PATCH', token: owner.token, params: { token: 'no such/token' }, body: {} })).status).toBe(404);
  });

  it('removes the owner’s device; anyone else gets 404 and it stays', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const device = (await register(owner.token, { provider: 'webpush', subscription: subscription() })).json!.data;
    expect((await call(deviceRoute.DELETE, { method: 'DELETE', token: stranger.token, params: { token: device.token } })).status).toBe(404);
    expect(await devicesOf(owner.user.id)).toHaveLength(1);
    expect((await call(deviceRoute.DELETE, { method: 'DELETE', token: owner.token, params: { token: device.token } })).status).toBe(204);
    expect(await devicesOf(owner.user.id)).toHaveLength(0);
    expect((await call(deviceRoute.DELETE, { method: 'DELETE', token: owner.token, params: { token: device.token } })).status).toBe(404);
  });

  it('logout with a device_token removes that device, and only the caller’s', async () => {
    const owner = await newUser();
    const other = await newUser();
    const device = (await register(owner.token, { provider: 'webpush', subscription: subscription() })).json!.data;
    const otherDevice = (await register(other.token, { provider: 'webpush', subscription: subscription('https://fcm.googleapis.com/fcm/send/other') })).json!.data;
    // Naming someone else's device at logout does nothing to it.
    expect((await call(logoutRoute.POST, { token: owner.token, body: { device_token: otherDevice.token } })).status).toBe(204);
    expect(await devicesOf(other.user.id)).toHaveLength(1);
    expect(await devicesOf(owner.user.id)).toHaveLength(1);
    const again = await newUser();
    const mine = (await register(again.token, { provider: 'webpush', subscription: subscription('https://fcm.googleapis.com/fcm/send/mine') })).json!.data;
    expect((await call(logoutRoute.POST, { token: again.token, body: { device_token: mine.token } })).status).toBe(204);
    expect(await devicesOf(again.user.id)).toHaveLength(0);
    expect(device.token).not.toBe(mine.token);
  });

  it('logout with a device_token that cannot be a device (a NUL, spaces) still signs out, and keeps the devices', async () => {
    for (const deviceToken of ['\u0000', 'wp_abc\u0000def', 'two words', '']) {
      const { token, user } = await newUser();
      await register(token, { provider: 'webpush', subscription: subscription(`https://fcm.googleapis.com/fcm/send/${user.id}`) });
      const { status } = await call(logoutRoute.POST, { token, body: { device_token: deviceToken } });
      expect(status, JSON.stringify(deviceToken)).toBe(204);
      expect(await devicesOf(user.id)).toHaveLength(1);
    }
  });
});

describe('GET /push/config', () => {
  it('answers the app’s VAPID public key (a P-256 point, the same every time) and no FCM settings by default', async () => {
    const first = await call(configRoute.GET, {});
    expect(first.status).toBe(200);
    const key = first.json!.data.vapid_public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(Buffer.from(key, 'base64url')[0]).toBe(4);
    expect(first.json!.data.fcm).toBeNull();
    expect((await call(configRoute.GET, {})).json!.data.vapid_public_key).toBe(key);
    const stored = await queryRows<{ value: string }>(sql`select value from app_secrets where name = 'vapid_keys'`);
    expect(JSON.parse(stored[0]!.value).publicKey).toBe(key);
  });

  it('answers FCM’s settings when Firebase messaging is fully configured', async () => {
    Object.assign(process.env, {
      FIREBASE_API_KEY: 'api-key',
      FIREBASE_AUTH_DOMAIN: 'portal.firebaseapp.com',
      FIREBASE_PROJECT_ID: 'portal',
      FIREBASE_APP_ID: '1:2:web:3',
      FIREBASE_MESSAGING_SENDER_ID: '2',
      FIREBASE_VAPID_KEY: 'BFcm',
    });
    resetEnvForTests();
    // Without a service account the server cannot send through FCM: Web Push it is.
    expect((await call(configRoute.GET, {})).json!.data.fcm).toBeNull();
    process.env.FIREBASE_SERVICE_ACCOUNT_JSON = '{"project_id":"portal"}';
    resetEnvForTests();
    expect((await call(configRoute.GET, {})).json!.data.fcm).toEqual({
      apiKey: 'api-key',
      authDomain: 'portal.firebaseapp.com',
      projectId: 'portal',
      appId: '1:2:web:3',
      messagingSenderId: '2',
      vapidKey: 'BFcm',
    });
  });
});
