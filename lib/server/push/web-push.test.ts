import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { paidAtCounter, submittedRequest } from '@/test/requests';
import { queryRows } from '@/lib/server/db/client';
import { resetEnvForTests } from '@/lib/server/env';
import * as devicesRoute from '@/app/api/v1/devices/route';
import * as configRoute from '@/app/api/v1/push/config/route';
import { backoffSeconds, deliverPushOutbox } from './outbox';

withTestDatabase();

/** A push service on loopback: records what it receives and answers with the status the test sets. */
type Received = { path: string; headers: IncomingMessage['headers']; body: Buffer };
let server: Server;
let origin = '';
let answer = 201;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.WEB_PUSH_ALLOWED_ORIGINS = origin;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.WEB_PUSH_ALLOWED_ORIGINS;
  resetEnvForTests();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  received.length = 0;
  answer = 201;
});

/** A browser's side of a subscription: its ECDH key pair and auth secret (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm push message (RFC 8188 + RFC 8291) with the browser's keys, as the browser would. */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(recordSize).toBeGreaterThanOrEqual(ciphertext.length);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic, Buffer.from([1])]);
  const ikm = hmac(hmac(keys.auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  const end = padded.lastIndexOf(2);
  expect(padded.subarray(end + 1).every((byte) => byte === 0)).toBe(true);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID JWT (RFC 8292) against the app's public key. */
function checkVapid(authorization: string | undefined, audience: string, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  expect(match, authorization).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [header, payload, signature] = jwt!.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  expect(valid).toBe(true);
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  expect(claims.aud).toBe(audience);
  expect(claims.sub).toBe('mailto:office@example.org');
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
}

async function subscribedUser(path: string) {
  const keys = browserKeys();
  const { token, user } = await newUser('Aisha Rahman');
  const registered = await call(devicesRoute.POST, {
    token,
    body: { provider: 'webpush', subscription: { endpoint: `${origin}${path}`, keys: { p256dh: keys.ecdh.getPublicKey().toString('base64url'), auth: keys.auth.toString('base64url') } } },
  });
  expect(registered.status).toBe(201);
  return { keys, token, user, device: registered.json!.data.token as string };
}

const outbox = () => queryRows<{ attempts: number; last_error: string | null; due_in: number }>(
  sql`select attempts, last_error, extract(epoch from next_attempt_at - now())::int as due_in from push_outbox order by id`,
);

describe('Web Push delivery', () => {
  it('sends each notification encrypted to the subscription, signed with the app’s VAPID key, in the user’s language', async () => {
    const { keys, token } = await subscribedUser('/push/aisha');
    const { id, reference } = await submittedRequest(token);
    await paidAtCounter(id);
    // Queued with the notification itself: nothing is lost if the process dies before sending.
    expect(await outbox()).toHaveLength(2);

    expect(await deliverPushOutbox()).toEqual({ sent: 2, gone: 0, retried: 0, dropped: 0 });
    expect(await outbox()).toHaveLength(0);
    expect(received.map((r) => r.path)).toEqual(['/push/aisha', '/push/aisha']);

    const publicKey = (await call(configRoute.GET, {})).json!.data.vapid_public_key as string;
    const last = received[1]!;
    expect(last.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(last.headers.ttl)).toBe(86400);
    expect(last.headers.urgency).toBe('high');
    checkVapid(last.headers.authorization, origin, publicKey);

    // The user registered without a language preference: Arabic, the portal's default.
    const message = JSON.parse(decrypt(last.body, keys));
    expect(message).toEqual({
      title: `استلمنا الدفع للطلب ${reference}`,
      body: expect.stringContaining('وأُرسل طلبك إلى المكتب للمراجعة'),
      url: `/ar/profile/requests/details/${id}`,
      tag: expect.any(String),
      lang: 'ar',
      dir: 'rtl',
    });
    expect(JSON.parse(decrypt(received[0]!.body, keys)).title).toBe(`ادفع لإرسال طلبك ${reference}`);
  });

  it('several senders at once (one per app instance) send each message exactly once', async () => {
    const users = await Promise.all(['/push/one', '/push/two', '/push/three'].map((path) => subscribedUser(path)));
    for (const { token } of users) {
      const { id } = await submittedRequest(token);
      await paidAtCounter(id);
    }
    const queued = (await outbox()).length;
    expect(queued).toBe(6);

    // On PostgreSQL each sender leases on its own connection (FOR UPDATE SKIP LOCKED), as separate instances would.
    const runs = await Promise.all([deliverPushOutbox(), deliverPushOutbox(), deliverPushOutbox(), deliverPushOutbox()]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(queued);
    expect(await outbox()).toHaveLength(0);
    expect(received.map((r) => r.path).sort()).toEqual(['/push/one', '/push/one', '/push/three', '/push/three', '/push/two', '/push/two']);
  });

  it('drops a subscription the push service says is gone (410 and 404)', async () => {
    for (const status of [410, 404]) {
      const { token, user } = await subscribedUser(`/push/gone-${status}`);
      answer = status;
      await submittedRequest(token);
      expect((await deliverPushOutbox()).gone).toBe(1);
      expect(await queryRows(sql`select 1 from push_devices where user_id = ${user.id}`)).toHaveLength(0);
      expect(await outbox()).toHaveLength(0);
    }
  });

  it('retries a failed send with backoff, and sends it once the push service is back', async () => {
    const { token } = await subscribedUser('/push/flaky');
    await submittedRequest(token);
    answer = 503;
    expect(await deliverPushOutbox()).toEqual({ sent: 0, gone: 0, retried: 1, dropped: 0 });
    const [waiting] = await outbox();
    expect(waiting).toMatchObject({ attempts: 1, last_error: 'push service answered 503' });
    expect(waiting!.due_in).toBeGreaterThanOrEqual(25);
    // Not due yet: nothing is sent.
    expect((await deliverPushOutbox()).sent).toBe(0);
    expect([backoffSeconds(1), backoffSeconds(2), backoffSeconds(3), backoffSeconds(20)]).toEqual([30, 60, 120, 3600]);

    answer = 201;
    await queryRows(sql`update push_outbox set next_attempt_at = now()`);
    expect((await deliverPushOutbox()).sent).toBe(1);
    expect(await outbox()).toHaveLength(0);
  });

  it('a sender that died mid-send leaves its lease; the message goes out once the lease ends', async () => {
    const { token } = await subscribedUser('/push/lease');
    await submittedRequest(token);
    // A crashed sender leased the row (attempts + 1, due in two minutes) and never finished.
    await queryRows(sql`update push_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '2 minutes'`);
    expect((await deliverPushOutbox()).sent).toBe(0);
    await queryRows(sql`update push_outbox set next_attempt_at = now() - interval '1 second'`);
    expect((await deliverPushOutbox()).sent).toBe(1);
    expect(received).toHaveLength(1);
  });

  it('gives up after the last attempt', async () => {
    const { token } = await subscribedUser('/push/down');
    await submittedRequest(token);
    answer = 500;
    await queryRows(sql`update push_outbox set attempts = 7`);
    expect(await deliverPushOutbox()).toEqual({ sent: 0, gone: 0, retried: 0, dropped: 1 });
    expect(await outbox()).toHaveLength(0);
  });
});
