import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueOpen } from '@/test/openings';
import { withTestDatabase } from '@/test/database';
import { call, someAddress } from '@/test/api';
import { newUser } from '@/test/accounts';
import { readyDraft, submittedRequest } from '@/test/requests';
import { packageFees, refundDueRequest } from '@/test/package-change';
import { invitedStaff, signedInStaff, TEST_OPS_KEY, useOpsKey } from '@/test/staff';
import { handlerOf } from '@/test/openapi-response';
import { queryRows } from '@/lib/server/db/client';
import { createSession } from '@/lib/server/auth/sessions';
import { SOCKET_ADDRESS_HEADER } from '@/lib/server/http/socket-address';
import { openApiDocument } from '@/lib/server/openapi/document';
import { OPERATIONS } from '@/lib/server/openapi/operations';
import * as requestsRoute from './requests/route';
import * as paymentsRoute from './requests/[id]/payments/route';
import * as devicesRoute from './devices/route';
import * as invitationRoute from './requests/[id]/pilgrims/[pilgrim]/invitation/route';
import * as acceptInvitationRoute from './invitations/accept/route';

// Issue 58, item 11: the document says what the server does. Prism flagged "Body parameter is
// required" on POST /auth/logout, which answers 204 to an empty body. Every operation that
// declares a body is called with an empty one (no bytes, no Content-Type), everything else
// about the call as it should be (credentials, a real thing in the path); the document's
// `requestBody.required` is true exactly when the handler does not answer that with a success,
// and then the refusal is the body's (422, 415 or 400; a webhook's signature, 403), never a
// 401 or a 404 that would say nothing about the body.

withTestDatabase();

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
type OpenApiOperation = { security?: Record<string, unknown>[]; requestBody?: { required?: boolean } };

const document = openApiDocument('http://portal.test');
// A gateway's webhook is signed over its exact body (no security scheme in the document): an empty body is a forged one, 403.
const SIGNED = new Set(OPERATIONS.filter((operation) => operation.auth === 'signature').map((operation) => `${operation.method.toUpperCase()} ${operation.path}`));
const WITH_BODY = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, OpenApiOperation>)
    .filter(([, operation]) => operation.requestBody)
    .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation, schemes: new Set((operation.security ?? []).flatMap((scheme) => Object.keys(scheme))) })),
);

let pilgrim: { token: string; user: { id: string; email: string } };
let admin: Awaited<ReturnType<typeof signedInStaff>>;
const made = new Map<string, Promise<unknown>>();
const once = <T,>(name: string, make: () => Promise<T>) => (made.get(name) ?? made.set(name, make()).get(name)!) as Promise<T>;

const draft = async () => (await call(requestsRoute.POST, { token: pilgrim.token, body: { type: 'umrah' } })).json!.data.id as string;
const submitted = async () => (await submittedRequest((await newUser('Pilgrim Sent')).token)).id;
const shared = () =>
  once('shared', async () => {
    const organiser = await newUser('Organiser Bodies');
    const id = await readyDraft(organiser.token);
    await call(invitationRoute.POST, { token: organiser.token, params: { id, pilgrim: 'companion-0' }, body: { email: pilgrim.user.email } });
    const [row] = await queryRows<{ params: Record<string, string> }>(sql`select params from mail_outbox where kind = 'companion_invite' and to_address = ${pilgrim.user.email.toLowerCase()} order by id desc limit 1`);
    await call(acceptInvitationRoute.POST, { token: pilgrim.token, body: { token: row!.params.token } });
    return id;
  });
/** A checkout on the test gateway: the pilgrim's payment and the gateway's id for it. */
const checkout = async () => {
  const { token } = await newUser('Pilgrim Paying');
  const { id } = await submittedRequest(token);
  const started = await call(paymentsRoute.POST, { token, params: { id }, body: {} });
  return (started.json!.data.redirect_url as string).split('/').pop()!;
};

// A real thing for each path parameter.
const PARAMS: Record<string, () => Promise<Record<string, string>>> = {
  'PATCH /api/v1/requests/{id}': async () => ({ id: await draft() }),
  'POST /api/v1/requests/{id}/documents': async () => ({ id: await draft() }),
  'POST /api/v1/requests/{id}/payments': async () => ({ id: (await submittedRequest(pilgrim.token)).id }),
  'POST /api/v1/requests/{id}/pilgrims/{pilgrim}/invitation': async () => ({ id: await readyDraft(pilgrim.token), pilgrim: 'companion-0' }),
  'PATCH /api/v1/me/shared-requests/{id}': async () => ({ id: await shared() }),
  'POST /api/v1/me/shared-requests/{id}/documents': async () => ({ id: await shared() }),
  'PATCH /api/v1/devices/{token}': async () => {
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    const { json } = await call(devicesRoute.POST, { token: pilgrim.token, body: { provider: 'webpush', subscription: { endpoint: `https://fcm.googleapis.com/fcm/send/bodies-${Date.now()}`, keys } } });
    return { token: json!.data.token as string };
  },
  'POST /api/v1/webhooks/payments/{provider}': async () => ({ provider: 'test' }),
  'POST /api/v1/webhooks/sms/{provider}': async () => ({ provider: 'twilio' }),
  'POST /api/v1/ops/requests/{id}/status': async () => ({ id: await submitted() }),
  'POST /api/v1/ops/requests/{id}/payments': async () => ({ id: await submitted() }),
  'POST /api/v1/office/requests/{id}/assign': async () => ({ id: await submitted() }),
  'POST /api/v1/office/requests/{id}/review': async () => ({ id: await submitted() }),
  'POST /api/v1/office/requests/{id}/notes': async () => ({ id: await submitted() }),
  'POST /api/v1/office/requests/{id}/payments': async () => ({ id: await submitted() }),
  'POST /api/v1/office/requests/{id}/refund-approval': async () => ({ id: await submitted() }),
  // A cheaper package chosen after paying: its difference to be refunded, which an empty body proposes whole.
  'POST /api/v1/office/requests/{id}/package-refund': async () => {
    await packageFees();
    return { id: (await refundDueRequest()).id };
  },
  'PATCH /api/v1/office/catalogue/{id}': async () => ({ id: 'umrah' }),
  // An opening's queue, open now (docs/OPENING.md): joined with no body; its controls need an action.
  'POST /api/v1/openings/{service}/queue': () => queueOpen(),
  'POST /api/v1/office/openings/{service}': () => queueOpen(),
  'PATCH /api/v1/office/staff/{id}': async () => ({ id: (await invitedStaff('reviewer', 'Reviewer Bodies')).id }),
  'POST /api/test-gateway/{id}/pay': async () => ({ id: await checkout() }),
};

/** The same call with no body at all: no bytes, no Content-Type. */
async function emptyBody(op: (typeof WITH_BODY)[number], params: Record<string, string>) {
  const headers = new Headers({ accept: 'application/json', 'accept-language': 'en', 'sec-fetch-site': 'same-origin', [SOCKET_ADDRESS_HEADER]: someAddress() });
  if (op.schemes.has('bearer')) headers.set('authorization', `Bearer ${await createSession(pilgrim.user.id)}`);
  if (op.schemes.has('staffCookie')) headers.set('cookie', `office_session=${admin.cookie}`);
  if (op.schemes.has('opsKey')) headers.set('x-ops-key', TEST_OPS_KEY);
  const url = `http://portal.test${op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!))}`;
  const handler = (await handlerOf(op.method, op.path)) as Handler;
  const response = await handler(new Request(url, { method: op.method, headers }), { params: Promise.resolve(params as never) });
  const text = await response.text();
  return { status: response.status, body: text };
}

describe('what the document says of each body', () => {
  beforeAll(async () => {
    useOpsKey();
    pilgrim = await newUser('Pilgrim Bodies');
    admin = await signedInStaff('admin', 'Admin Bodies');
  });
  afterAll(() => useOpsKey(undefined));

  it('has a real thing for every path parameter of an operation with a body', () => {
    const missing = WITH_BODY.filter(({ method, path }) => path.includes('{') && !PARAMS[`${method} ${path}`]).map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });

  for (const op of WITH_BODY) {
    const name = `${op.method} ${op.path}`;
    it(`${name}: requestBody.required says whether an empty body is refused`, async () => {
      const answer = await emptyBody(op, (await PARAMS[name]?.()) ?? {});
      const succeeded = answer.status >= 200 && answer.status < 300;
      expect(op.operation.requestBody!.required, `${name} → ${answer.status} ${answer.body.slice(0, 200)}`).toBe(!succeeded);
      if (!succeeded) expect(SIGNED.has(name) ? [403] : [400, 415, 422], `${name} → ${answer.status} ${answer.body.slice(0, 200)}`).toContain(answer.status);
    });
  }

  it('POST /auth/logout declares its body optional, and ends the session on an empty one (204)', () => {
    const logout = WITH_BODY.find(({ method, path }) => method === 'POST' && path === '/api/v1/auth/logout')!;
    expect(logout.operation.requestBody!.required).toBe(false);
  });
});
