import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { notificationsOf } from '@/test/notifications';
import { submittedRequest } from '@/test/requests';
import { resetEnvForTests } from '@/lib/server/env';
import { queryRows } from '@/lib/server/db/client';
import { sql } from 'drizzle-orm';
import * as registerRoute from './auth/register/route';
import * as loginRoute from './auth/login/route';
import * as socialRoute from './auth/social/route';
import * as logoutRoute from './auth/logout/route';
import * as meRoute from './me/route';
import * as passwordRoute from './me/password/route';
import * as googleLinkRoute from './me/google/route';
import * as devicesRoute from './devices/route';
import * as deviceRoute from './devices/[token]/route';
import * as readRoute from './notifications/[id]/read/route';
import * as readAllRoute from './notifications/read-all/route';
import * as opsRoute from './ops/requests/[id]/status/route';
import * as webhookRoute from './payments/webhooks/[provider]/route';
import * as requestsRoute from './requests/route';
import * as requestRoute from './requests/[id]/route';
import * as cancelRoute from './requests/[id]/cancel/route';
import * as submitRoute from './requests/[id]/submit/route';
import * as paymentsRoute from './requests/[id]/payments/route';
import * as documentsRoute from './requests/[id]/documents/route';
import * as gatewayRoute from '../../api/test-gateway/[id]/pay/route';
import { SOCKET_ADDRESS_HEADER } from '@/lib/server/http/socket-address';

// Property-based fuzzing of every endpoint that reads a body: random and
// hostile bodies never produce a 500, every error has the shape of DESIGN
// section 6, prototype keys pollute nothing, and text comes back as sent.

withTestDatabase();

const RUNS = 60;
const OPS_KEY = 'fuzz-office-key-0123456789abcdef';

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

const HOSTILE_TEXT = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; select pg_sleep(5)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{constructor.constructor("return process")()}}',
  '${7*7}',
  '\u202e\u200fعائشة\u200e',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '﷽'.repeat(50),
  '../../etc/passwd',
  'null',
  '',
  ' ',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 2000, maxLength: 5000 }),
);

const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A JSON text written by hand, so that keys like __proto__ really are in it. */
function jsonText(pairs: [string, unknown][]) {
  return `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
}

/** Bodies aimed at an endpoint: its own field names with hostile values, prototype keys, or not an object at all. */
function bodies(fields: string[]) {
  const key = fc.oneof(fc.constantFrom(...fields), fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 10 }));
  const pairs = fc.array(fc.tuple(key, value), { maxLength: 8 });
  return fc.oneof(
    { weight: 6, arbitrary: pairs.map((p) => ({ type: 'application/json', body: jsonText(p) })) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.tuple(key, hostileString), { maxLength: 6 })
        .map((p) => ({ type: 'application/x-www-form-urlencoded', body: new URLSearchParams(p).toString() })),
    },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => ({ type: 'application/json', body: JSON.stringify(v) ?? '' })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('application/json', 'text/plain', ''), hostileString).map(([type, body]) => ({ type, body })) },
  );
}

type Target = { name: string; handler: Handler; method: string; fields: string[]; token?: () => Promise<string | undefined>; params: () => Promise<Record<string, string>>; headers?: Record<string, string> };

function expectErrorShape(status: number, json: Record<string, unknown> | null) {
  expect(status, JSON.stringify(json)).toBeLessThan(500);
  if (status < 400) return;
  const error = json?.error as { code?: unknown; message?: unknown; fields?: unknown } | undefined;
  expect(typeof error?.code).toBe('string');
  expect(typeof error?.message).toBe('string');
  if (error?.fields !== undefined) {
    for (const messages of Object.values(error.fields as Record<string, unknown>)) {
      expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string')).toBe(true);
    }
  }
}

async function send(target: Target, body: { type: string; body: string }, token?: string) {
  const headers = new Headers({ accept: 'application/json', 'accept-language': 'en', [SOCKET_ADDRESS_HEADER]: '198.51.100.9', ...target.headers });
  if (body.type) headers.set('content-type', body.type);
  if (token) headers.set('authorization', `Bearer ${token}`);
  const request = new Request('http://portal.test/api/v1/fuzz', { method: target.method, headers, body: body.body });
  const response = await target.handler(request, { params: Promise.resolve((await target.params()) as never) });
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  if (text) {
    expect(() => (json = JSON.parse(text))).not.toThrow();
  }
  return { status: response.status, json };
}

describe('fuzzing every endpoint body', async () => {
  let owner: Awaited<ReturnType<typeof newUser>>;
  let draftId: string;
  let submittedId: string;
  let deviceToken: string;
  let notificationId: string;
  let gatewayId: string;

  beforeAll(async () => {
    process.env.OPS_API_KEY = OPS_KEY;
    resetEnvForTests();
    owner = await newUser();
    draftId = (await call(requestsRoute.POST, { token: owner.token, body: { type: 'umrah' } })).json!.data.id;
    submittedId = (await submittedRequest(owner.token)).id;
    const paying = await submittedRequest(owner.token);
    const started = await call(paymentsRoute.POST, { token: owner.token, params: { id: paying.id }, body: {} });
    gatewayId = (started.json!.data.redirect_url as string).split('/').pop()!;
    deviceToken = (
      await call(devicesRoute.POST, {
        token: owner.token,
        body: { provider: 'webpush', subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } } },
      })
    ).json!.data.token;
    notificationId = (await notificationsOf(owner.token)).items[0]!.id;
  }, 180_000);

  afterAll(() => {
    delete process.env.OPS_API_KEY;
    resetEnvForTests();
  });

  const session = () => Promise.resolve(owner.token);
  const none = () => Promise.resolve({});
  /** A fresh session for the endpoints that may end the one they are called with. */
  const freshSession = async () => (await call(loginRoute.POST, { body: { email: owner.user.email, password: 'Labbaik#2026' }, address: '198.51.100.10' })).json!.token as string;

  const targets: Target[] = [
    { name: 'POST auth/register', handler: registerRoute.POST, method: 'POST', fields: ['name', 'email', 'phone', 'password', 'password_confirmation'], params: none },
    { name: 'POST auth/login', handler: loginRoute.POST, method: 'POST', fields: ['email', 'password'], params: none },
    { name: 'POST auth/social', handler: socialRoute.POST, method: 'POST', fields: ['provider', 'id_token'], params: none },
    { name: 'POST auth/logout', handler: logoutRoute.POST, method: 'POST', fields: ['device_token'], token: freshSession, params: none },
    { name: 'PATCH me', handler: meRoute.PATCH, method: 'PATCH', fields: ['name', 'phone', 'locale'], token: session, params: none },
    { name: 'POST me/password', handler: passwordRoute.POST, method: 'POST', fields: ['current_password', 'password', 'password_confirmation'], token: session, params: none },
    { name: 'POST me/google', handler: googleLinkRoute.POST, method: 'POST', fields: ['id_token'], token: session, params: none },
    { name: 'POST devices', handler: devicesRoute.POST, method: 'POST', fields: ['provider', 'subscription', 'token', 'endpoint', 'keys'], token: session, params: none },
    { name: 'PATCH devices/[token]', handler: deviceRoute.PATCH, method: 'PATCH', fields: ['subscription', 'keys'], token: session, params: async () => ({ token: deviceToken }) },
    { name: 'POST notifications/[id]/read', handler: readRoute.POST, method: 'POST', fields: ['id'], token: session, params: async () => ({ id: notificationId }) },
    { name: 'POST notifications/read-all', handler: readAllRoute.POST, method: 'POST', fields: ['ids'], token: session, params: none },
    { name: 'POST ops/requests/[id]/status', handler: opsRoute.POST, method: 'POST', fields: ['status', 'note'], params: async () => ({ id: submittedId }), headers: { 'x-ops-key': OPS_KEY } },
    { name: 'POST payments/webhooks/test', handler: webhookRoute.POST, method: 'POST', fields: ['type', 'data', 'id'], params: async () => ({ provider: 'test' }) },
    { name: 'POST requests', handler: requestsRoute.POST, method: 'POST', fields: ['type'], token: session, params: none },
    { name: 'PATCH requests/[id]', handler: requestRoute.PATCH, method: 'PATCH', fields: ['step', 'data', 'version', 'complete'], token: session, params: async () => ({ id: draftId }) },
    { name: 'POST requests/[id]/submit', handler: submitRoute.POST, method: 'POST', fields: ['id'], token: session, params: async () => ({ id: draftId }) },
    { name: 'POST requests/[id]/cancel', handler: cancelRoute.POST, method: 'POST', fields: ['reason'], token: session, params: async () => ({ id: draftId }) },
    { name: 'POST requests/[id]/documents', handler: documentsRoute.POST, method: 'POST', fields: ['pilgrim', 'kind', 'file'], token: session, params: async () => ({ id: draftId }) },
    { name: 'POST test-gateway/[id]/pay', handler: gatewayRoute.POST, method: 'POST', fields: ['card_number', 'otp'], params: async () => ({ id: gatewayId }) },
  ];

  for (const target of targets) {
    it(`${target.name}: no 500, errors in the API's shape, no prototype pollution`, async () => {
      await fc.assert(
        fc.asyncProperty(bodies(target.fields), async (body) => {
          const { status, json } = await send(target, body, await target.token?.());
          expectErrorShape(status, json);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          expect(Object.prototype.toString.call({})).toBe('[object Object]');
        }),
        // Logout signs in afresh for every run (scrypt): fewer runs there.
        { numRuns: target.name === 'POST auth/logout' ? 10 : RUNS },
      );
    }, 120_000);
  }

  it('a body over 64 KB is a 413, whatever the endpoint', async () => {
    // The endpoints that read their body (the others ignore it); uploads have their own limit (documents.test.ts).
    const reading = targets.filter((t) => !/read|submit|cancel|documents/.test(t.name));
    expect(reading).toHaveLength(14);
    for (const target of reading) {
      const big = { type: 'application/json', body: JSON.stringify({ [target.fields[0]!]: 'x'.repeat(65 * 1024) }) };
      const { status, json } = await send(target, big, await target.token?.());
      expect(status, target.name).toBe(413);
      expect((json as { error: { code: string } } | null)?.error.code).toBe('payload_too_large');
    }
  });

  it('text with HTML, SQL and direction marks is stored and answered as the same text', async () => {
    const names = fc.constantFrom('Aisha <b>Rahman</b>', "O'Brien; DROP TABLE users; --", 'عائشة\u200f رحمن', 'Aisha & "Omar"');
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        const changed = await call(meRoute.PATCH, { method: 'PATCH', token: owner.token, body: { name, locale: 'en' } });
        if (changed.status === 422) return; // the name rules may refuse the characters; then nothing is stored
        expect(changed.status).toBe(200);
        const me = await call(meRoute.GET, { token: owner.token });
        expect(me.json!.data.name).toBe(name.trim());
      }),
      { numRuns: 12 },
    );
    // The tables are all still there and answer.
    const [row] = await queryRows<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(row!.n).toBeGreaterThan(0);
  });
});
