import { describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { captureLogs } from '@/test/logs';
import { submittedRequest } from '@/test/requests';
import { queuedMail } from '@/test/mail';
import { deliverMailOutbox } from '@/lib/server/mail/outbox';
import { signBody, SIGNATURE_HEADER, TEST_CARDS } from '@/lib/server/payments/test-gateway';
import * as registerRoute from '@/app/api/v1/auth/register/route';
import * as loginRoute from '@/app/api/v1/auth/login/route';
import * as verifyRoute from '@/app/api/v1/auth/verify-email/route';
import * as startRoute from '@/app/api/v1/requests/[id]/payments/route';
import * as webhookRoute from '@/app/api/v1/webhooks/payments/[provider]/route';
import * as gatewayRoute from '@/app/api/test-gateway/[id]/pay/route';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { describeError, log } from './logger';

// What the server writes to its log for the calls that carry secrets: one line
// per request with its id, and never a password, token, cookie, signature or card number.

withTestDatabase();
const logs = captureLogs();

const PASSWORD = 'Labbaik#Secret-2026';

function expectNoSecret(secrets: string[]) {
  const all = logs.lines.join('\n');
  for (const secret of secrets) expect(all, `the log shows ${secret.slice(0, 12)}…`).not.toContain(secret);
  expect(all).not.toMatch(/password|authorization|cookie|card_number/i);
}

describe('the log of sign-in, registration and a payment', () => {
  it('records each request (id, method, route, status, duration) and no secret', async () => {
    const email = `logs.${Date.now()}@example.com`;
    const registered = await call(registerRoute.POST, {
      body: { name: 'Aisha Rahman', email, password: PASSWORD, password_confirmation: PASSWORD },
      headers: { 'x-request-id': 'register-req-0001' },
      path: '/api/v1/auth/register',
    });
    expect(registered.status).toBe(201);
    // The verification e-mail is written (the default transport logs a line) and its link followed:
    // neither the link nor the address may reach the log.
    const link = (await queuedMail(registered.json!.data.id, 'verify_email'))!.params.token!;
    await deliverMailOutbox();
    expect(logs.entries().some((entry) => entry.msg === 'mail written' && entry.purpose === 'verify_email')).toBe(true);
    expect((await call(verifyRoute.POST, { body: { token: link }, path: '/api/v1/auth/verify-email' })).status).toBe(200);
    const signedIn = await call(loginRoute.POST, { body: { email, password: PASSWORD }, path: '/api/v1/auth/login' });
    expect(signedIn.status).toBe(200);
    const wrong = await call(loginRoute.POST, { body: { email, password: `${PASSWORD}-wrong` }, path: '/api/v1/auth/login' });
    expect(wrong.status).toBe(422);
    const token = signedIn.json!.token as string;

    const { id } = await submittedRequest(token);
    const started = await call(startRoute.POST, { token, params: { id }, body: {}, cookie: `session=${token}` });
    const gatewayId = (started.json!.data.redirect_url as string).split('/').pop()!;
    const paid = await call(gatewayRoute.POST, { params: { id: gatewayId }, body: { card_number: TEST_CARDS.success }, path: `/api/test-gateway/${gatewayId}/pay` });
    expect(paid.json!.data.outcome).toBe('paid');
    const body = JSON.stringify({ type: 'payment.paid', data: { id: gatewayId } });
    const signature = await signBody(body);
    const hook = await webhookRoute.POST(
      new Request('http://portal.test/api/v1/webhooks/payments/test', { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, body }),
      { params: Promise.resolve({ provider: 'test' }) },
    );
    expect(hook.status).toBe(204);

    const requests = logs.entries().filter((entry) => entry.msg === 'request');
    expect(requests.find((entry) => entry.request_id === 'register-req-0001')).toMatchObject({ method: 'POST', route: '/api/v1/auth/register', status: 201 });
    expect(requests.map((entry) => `${entry.method} ${entry.route} ${entry.status}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/login 200',
        'POST /api/v1/auth/login 422',
        'POST /api/test-gateway/:param/pay 200',
        'POST /api/v1/webhooks/payments/:param 204',
      ]),
    );
    expect(requests.map((entry) => `${entry.method} ${entry.route} ${entry.status}`)).toContain('POST /api/v1/auth/verify-email 200');
    for (const entry of requests) {
      expect(Object.keys(entry).sort()).toEqual(['duration_ms', 'level', 'method', 'msg', 'request_id', 'route', 'status', 'time']);
    }
    expectNoSecret([PASSWORD, token, signature, TEST_CARDS.success, gatewayId, email, link]);
  });

  it('redacts secret-named fields even when a caller passes them', () => {
    log('error', 'oops', { password: PASSWORD, authorization: 'Bearer abc123', cookie: 'session=abc123', card_number: '4111111111111111', p256dh: 'key', auth: 'pushauth', payment: 'p-1' });
    const [entry] = logs.entries();
    expect(entry).toMatchObject({ password: '[redacted]', authorization: '[redacted]', cookie: '[redacted]', card_number: '[redacted]', p256dh: '[redacted]', auth: '[redacted]', payment: 'p-1' });
    expect(logs.lines[0]).not.toContain(PASSWORD);
    expect(logs.lines[0]).not.toContain('4111111111111111');
  });
});

describe('the log of an unexpected error', () => {
  it('a failed query is logged by name and SQLSTATE only, never its parameters (e-mail, hash, answers)', async () => {
    const email = `leak.${Date.now()}@example.com`;
    const hash = 'scrypt$32768$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const answer = 'عائشة رحمن passport A1234567';
    const handler = route(async () => {
      // Fails in the database (22P02: not an integer); drivers and drizzle repeat the parameters in their messages.
      await (await getDb()).execute(sql`select ${email}::int, ${hash}::int, ${answer}::int`);
      return new Response(null, { status: 204 });
    });
    const response = await handler(new Request('http://portal.test/api/v1/x', { headers: { 'x-request-id': 'forced-db-error-1' } }), { params: Promise.resolve({}) });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain(email);
    const failure = logs.entries().find((entry) => entry.msg === 'unhandled error in route handler');
    expect(failure).toMatchObject({ level: 'error', request_id: 'forced-db-error-1' });
    expect(failure!.error).toMatch(/\[22P02\]$/);
    const all = logs.lines.join('\n');
    for (const secret of [email, hash, answer, 'A1234567', 'select', '::int']) expect(all).not.toContain(secret);
  });

  it('describes any thrown value without its text', () => {
    expect(describeError(Object.assign(new TypeError('user a@example.com'), { code: 'ERR_X' }))).toBe('TypeError [ERR_X]');
    expect(describeError(new Error('outer a@example.com', { cause: Object.assign(new Error('inner'), { code: '23505' }) }))).toBe('Error < Error [23505]');
    expect(describeError('a@example.com')).toBe('string');
    expect(describeError({ code: 'a@example.com x' })).toBe('Object');
    expect(describeError(undefined)).toBe('undefined');
  });
});
