import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueOpen } from '@/test/openings';
import { withTestDatabase } from '@/test/database';
import { call, someAddress } from '@/test/api';
import { upload } from '@/test/api-form';
import { newUser } from '@/test/accounts';
import { pngFile } from '@/test/files';
import { notificationsOf } from '@/test/notifications';
import { readyDraft } from '@/test/requests';
import { paidRequest, signedInStaff, TEST_OPS_KEY, useOpsKey } from '@/test/staff';
import { handlerOf } from '@/test/openapi-response';
import { queryRows } from '@/lib/server/db/client';
import { createSession } from '@/lib/server/auth/sessions';
import { SOCKET_ADDRESS_HEADER } from '@/lib/server/http/socket-address';
import { openApiDocument } from '@/lib/server/openapi/document';
import * as requestsRoute from './requests/route';
import * as invitationRoute from './requests/[id]/pilgrims/[pilgrim]/invitation/route';
import * as acceptInvitationRoute from './invitations/accept/route';
import * as loginRoute from './auth/login/route';

// Issue 58, item 5: an answer about a signed-in person is never kept by a cache.
// Every operation of the API's document that takes a pilgrim's session, a staff
// session or the operator key answers `Cache-Control: private, no-store`, signed in
// (the reads with their success) and signed out; HEAD (which Next.js answers with
// the GET handler, dropping the body) carries the same headers as GET. Before,
// GET /me, /requests, /notifications, /me/shared-requests, /me/needs-doing and
// most others carried no Cache-Control at all.

withTestDatabase();

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
type OpenApiOperation = { security?: Record<string, unknown>[]; requestBody?: { content: Record<string, { example?: unknown }> } };

const document = openApiDocument('http://portal.test');
const schemesOf = (operation: OpenApiOperation) => new Set((operation.security ?? []).flatMap((scheme) => Object.keys(scheme)));
// The document's session operations: those whose security names the pilgrim's session, the console's or the operator key.
const PERSONAL = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, OpenApiOperation>)
    .filter(([, operation]) => ['bearer', 'cookie', 'staffCookie', 'opsKey'].some((scheme) => schemesOf(operation).has(scheme)))
    .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation, staff: schemesOf(operation).has('staffCookie'), ops: schemesOf(operation).has('opsKey') })),
);

const NOBODY = '00000000-0000-4000-8000-000000000000';
let pilgrim: { token: string; user: { id: string; email: string } };
let staffCookie: string;
const made = new Map<string, Promise<unknown>>();
const once = <T,>(name: string, make: () => Promise<T>) => (made.get(name) ?? made.set(name, make()).get(name)!) as Promise<T>;

const newDraft = async () => (await call(requestsRoute.POST, { token: pilgrim.token, body: { type: 'umrah' } })).json!.data.id as string;
const draft = () => once('draft', newDraft);
const documentId = () =>
  once('document', async () => {
    const { json } = await upload((await import('./requests/[id]/documents/route')).POST, { pilgrim: 'applicant', kind: 'photo', file: pngFile() }, { token: pilgrim.token, params: { id: await newDraft() } });
    return json.data.id as string;
  });
const paid = () => once('paid', () => paidRequest(pilgrim.token));
const shared = () =>
  once('shared', async () => {
    const organiser = await newUser('Organiser Private');
    const id = await readyDraft(organiser.token);
    await call(invitationRoute.POST, { token: organiser.token, params: { id, pilgrim: 'companion-0' }, body: { email: pilgrim.user.email } });
    const [row] = await queryRows<{ params: Record<string, string> }>(sql`select params from mail_outbox where kind = 'companion_invite' and to_address = ${pilgrim.user.email.toLowerCase()} order by id desc limit 1`);
    await call(acceptInvitationRoute.POST, { token: pilgrim.token, body: { token: row!.params.token } });
    return id;
  });
const notification = () =>
  once('notification', async () => {
    await paid();
    return (await notificationsOf(pilgrim.token)).items[0]!.id;
  });

// What makes an operation succeed: each read must answer its success here, not only an error.
const FIXTURES: Record<string, () => Promise<Record<string, string>>> = {
  'POST /api/v1/notifications/{id}/read': async () => ({ id: await notification() }),
  'GET /api/v1/requests/{id}': async () => ({ id: await draft() }),
  'GET /api/v1/documents/{id}': async () => ({ id: await documentId() }),
  'GET /api/v1/documents/{id}/thumbnail': async () => ({ id: await documentId() }),
  'GET /api/v1/payments/{id}': async () => ({ id: (await paid()).paymentId }),
  'GET /api/v1/payments/{id}/outcome': async () => ({ id: (await paid()).paymentId }),
  'GET /api/v1/payments/{id}/receipt': async () => ({ id: (await paid()).paymentId }),
  'GET /api/v1/openings/{service}/queue': () => queueOpen(),
  'GET /api/v1/office/openings/{service}': () => queueOpen(),
  'GET /api/v1/me/shared-requests/{id}': async () => ({ id: await shared() }),
  'GET /api/v1/office/requests/{id}': async () => ({ id: (await paid()).id }),
  // The office sees sent requests only: a photo uploaded to a complete draft, which is then sent.
  'GET /api/v1/office/documents/{id}': async () => {
    const owner = await newUser('Pilgrim Scanned');
    const id = await readyDraft(owner.token);
    const { json } = await upload((await import('./requests/[id]/documents/route')).POST, { pilgrim: 'applicant', kind: 'photo', file: pngFile() }, { token: owner.token, params: { id } });
    const sent = await call((await import('./requests/[id]/submit/route')).POST, { token: owner.token, params: { id }, body: {} });
    expect(sent.status).toBe(200);
    return { id: json.data.id as string };
  },
};
// Changes are called on something of the caller's where one is at hand (a draft of its own, which a change may delete; else an id
// of nothing): whatever they answer carries the header.
const CHANGE_PARAMS: Record<string, () => Promise<Record<string, string>>> = {
  id: async () => ({ id: await newDraft() }),
  docId: async () => ({ docId: NOBODY }),
  pilgrim: async () => ({ pilgrim: 'companion-0' }),
  token: async () => ({ token: 'no-such-device' }),
};

// What ends the caller or its other sessions (its account, its password, its other devices) is called by a caller of its own.
const ENDS_THE_CALLER = new Set(['DELETE /api/v1/me', 'POST /api/v1/me/password', 'POST /api/v1/me/sessions/revoke-others', 'POST /api/v1/me/sessions/renew', 'POST /api/v1/office/auth/logout']);

type Answer = { status: number; headers: Headers };
type Credentials = { token?: string; staffCookie?: string; opsKey?: string };

/** Signed in as the operation asks: a fresh session of the pilgrim (a sign-out or a password change ends only it), the admin's console session, or the operator key. */
async function signedIn(op: (typeof PERSONAL)[number]): Promise<Credentials> {
  const alone = ENDS_THE_CALLER.has(`${op.method} ${op.path}`);
  if (op.staff) return { staffCookie: alone ? (await signedInStaff('admin', 'Admin Leaving')).cookie : staffCookie };
  if (op.ops) return { opsKey: TEST_OPS_KEY };
  return { token: alone ? (await newUser('Pilgrim Leaving')).token : await createSession(pilgrim.user.id) };
}

async function send(handler: Handler, method: string, path: string, params: Record<string, string>, credentials: Credentials, op: (typeof PERSONAL)[number]): Promise<Answer> {
  const headers = new Headers({ accept: 'application/json', 'accept-language': 'en', 'sec-fetch-site': 'same-origin', [SOCKET_ADDRESS_HEADER]: someAddress() });
  if (credentials.staffCookie) headers.set('cookie', `office_session=${credentials.staffCookie}`);
  if (credentials.opsKey) headers.set('x-ops-key', credentials.opsKey);
  if (credentials.token) headers.set('authorization', `Bearer ${credentials.token}`);
  const example = op.operation.requestBody?.content['application/json']?.example;
  let body: string | undefined;
  if (method !== 'GET' && method !== 'HEAD' && example !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(example);
  }
  const url = `http://portal.test${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? NOBODY))}`;
  const response = await handler(new Request(url, { method, headers, body }), { params: Promise.resolve(params as never) });
  // The live stream stays open: its headers are what is checked.
  await response.body?.cancel();
  return { status: response.status, headers: response.headers };
}

function expectPrivate(answer: Answer, what: string) {
  const directives = (answer.headers.get('cache-control') ?? '').split(',').map((directive) => directive.trim().toLowerCase());
  expect(directives, what).toContain('private');
  expect(directives, what).toContain('no-store');
  expect(directives.filter((directive) => /^(public|max-age|s-maxage|stale-)/.test(directive)), what).toEqual([]);
}

/**
 * The headers a cache would act on: all but the request's own id, the date, and the length (a receipt drawn again a
 * second later carries another creation time in its PDF, so its length may differ by a byte).
 */
const comparable = (headers: Headers) => [...headers].filter(([name]) => !['x-request-id', 'date', 'content-length'].includes(name));

describe('answers about a signed-in person', () => {
  beforeAll(async () => {
    useOpsKey();
    pilgrim = await newUser('Pilgrim Private');
    staffCookie = (await signedInStaff('admin', 'Admin Private')).cookie;
  });
  afterAll(() => useOpsKey(undefined));

  it('are every operation of the document that takes a session or the operator key', () => {
    const names = PERSONAL.map(({ method, path }) => `${method} ${path}`);
    for (const name of ['GET /api/v1/me', 'GET /api/v1/requests', 'GET /api/v1/notifications', 'GET /api/v1/me/shared-requests', 'GET /api/v1/me/needs-doing', 'GET /api/v1/office/requests', 'POST /api/v1/ops/requests/{id}/status']) {
      expect(names).toContain(name);
    }
  });

  for (const op of PERSONAL) {
    const name = `${op.method} ${op.path}`;
    it(`${name}: Cache-Control private, no-store signed in and signed out${op.method === 'GET' ? ', and HEAD as GET' : ''}`, async () => {
      const handler = (await handlerOf(op.method, op.path)) as Handler;
      expect(handler, name).toBeDefined();
      const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      let params: Record<string, string> = {};
      if (FIXTURES[name]) params = await FIXTURES[name]();
      else for (const param of names) Object.assign(params, await (CHANGE_PARAMS[param] ?? (async () => ({ [param]: NOBODY })))());

      const credentials = await signedIn(op);
      const answer = await send(handler, op.method, op.path, params, credentials, op);
      expect(answer.status, name).toBeLessThan(500);
      if (op.method === 'GET') expect(answer.status, `${name} answers its success`).toBeLessThan(300);
      expectPrivate(answer, `${name} signed in → ${answer.status}`);

      const signedOut = await send(handler, op.method, op.path, params, {}, op);
      expect([401, 403], name).toContain(signedOut.status);
      expectPrivate(signedOut, `${name} signed out → ${signedOut.status}`);

      if (op.method === 'GET') {
        const head = await send(handler, 'HEAD', op.path, params, credentials, op);
        const again = await send(handler, 'GET', op.path, params, credentials, op);
        expect(head.status, `HEAD ${op.path}`).toBe(again.status);
        expect(comparable(head.headers), `HEAD ${op.path}`).toEqual(comparable(again.headers));
      }
    });
  }

  it('a sign-in answers its session token privately too, and the list of my requests after it', async () => {
    const signIn = await call(loginRoute.POST, { body: { email: pilgrim.user.email, password: 'Labbaik#2026' } });
    expect(signIn.status).toBe(200);
    expectPrivate(signIn, 'POST /api/v1/auth/login');
    const mine = await call(requestsRoute.GET, { token: signIn.json!.token as string });
    expectPrivate(mine, 'GET /api/v1/requests after signing in');
  });
});
