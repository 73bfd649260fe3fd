import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueOpen } from '@/test/openings';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { upload } from '@/test/api-form';
import { newUser } from '@/test/accounts';
import { pngFile } from '@/test/files';
import { captureLogs } from '@/test/logs';
import { notificationsOf } from '@/test/notifications';
import { readyDraft, submittedRequest } from '@/test/requests';
import { expectDocumented, handlerOf } from '@/test/openapi-response';
import { fromSchema, type Components } from '@/test/fuzz/schema-arbitrary';
import { CANARY, HOSTILE_TEXT, OUT_OF_RANGE, wireBodies, type Wire } from '@/test/fuzz/breakers';
import { openApiDocument } from '@/lib/server/openapi/document';
import { resetEnvForTests } from '@/lib/server/env';
import { getDb, queryRows } from '@/lib/server/db/client';
import { sessions } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/auth/sessions';
import { hashToken } from '@/lib/server/auth/tokens';
import { SOCKET_ADDRESS_HEADER } from '@/lib/server/http/socket-address';
import { someAddress } from '@/test/api';
import * as requestsRoute from './requests/route';
import * as paymentsRoute from './requests/[id]/payments/route';
import * as devicesRoute from './devices/route';
import * as healthRoute from '../health/route';
import * as invitationRoute from './requests/[id]/pilgrims/[pilgrim]/invitation/route';
import * as acceptInvitationRoute from './invitations/accept/route';

// Issue 22: every operation of the API's own document, fuzzed from its own
// schemas. Each case is a body generated from the operation's request schema,
// sent whole or broken (wrong types, missing and extra fields, NUL and lone
// surrogates, 100 KB strings, nesting 5,000 deep, numbers out of range,
// malformed JSON, unsupported types), with path parameters, query strings,
// credentials and headers valid or hostile. It holds when every answer is a
// status the document lists for that operation, below 500, with a body that
// validates against the document (errors in the shared envelope), and the
// server still answers. The logs never show what was sent.
//
// FUZZ_RUNS=1000 runs more cases per operation; a failure prints its seed,
// and FUZZ_SEED=<seed> replays it (docs/API.md).

// In two files (contract-fuzz-1.test.ts and contract-fuzz-2.test.ts, half of the operations each), so that both of
// Vitest's workers share the walk: it was the longest file of the run, about 42 s alone (issue 60, item 8).
let logs: ReturnType<typeof captureLogs>;

// On PostgreSQL, the database tests' second run (vitest.config.ts), a quarter of PGlite's cases: the contract
// is the handlers', the same on both databases, and what differs between them (locks, pools, errors) is
// tested where it lives (lib/server/db, the places and payment tests); the first run's 200 fuzz it.
const RUNS = Number(process.env.FUZZ_RUNS) || (process.env.TEST_DATABASE === 'postgres' ? 50 : 200);
// Runs sized per operation (issue 39). A quarter of the cases says all there is:
// - for an operation that asks for a staff session (the console's cookie): the
//   fuzzer has none, so it answers 401 before reading anything else; what they do
//   signed in is tested by app/api/v1/office/*.test.ts and the console's authorization matrix;
// - for one that takes no input (no path or query parameter, no body): only the
//   credentials, the odd headers and an unexpected body vary, a few dozen cases in all.
const staffOnly = (operation: OpenApiOperation) =>
  Boolean(operation.security?.length) && operation.security!.every((scheme) => Object.keys(scheme as object).every((name) => name === 'staffCookie'));
const takesNoInput = (operation: OpenApiOperation) => !operation.parameters?.length && !operation.requestBody;
const runsFor = (operation: OpenApiOperation) => (staffOnly(operation) || takesNoInput(operation) ? Math.ceil(RUNS / 4) : RUNS);
const SEED = process.env.FUZZ_SEED === undefined ? {} : { seed: Number(process.env.FUZZ_SEED) };
const OPS_KEY = 'contract-fuzz-office-key-0123456789';

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
type OpenApiOperation = {
  parameters?: { name: string; in: 'path' | 'query'; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  security?: unknown[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};

const document = openApiDocument('http://portal.test');
const components = document.components as Components;
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, OpenApiOperation>).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
);

/** One account and what an operation needs of it, made when first asked for. */
class World {
  constructor(public user: { id: string; email: string }, public token: string) {}
  private made = new Map<string, Promise<unknown>>();
  once<T>(name: string, make: () => Promise<T>): Promise<T> {
    if (!this.made.has(name)) this.made.set(name, make());
    return this.made.get(name) as Promise<T>;
  }
  forget(name: string) {
    this.made.delete(name);
  }
  draft = () => this.once('draft', async () => (await call(requestsRoute.POST, { token: this.token, body: { type: 'umrah' } })).json!.data.id as string);
  ready = () => this.once('ready', () => readyDraft(this.token));
  submitted = () => this.once('submitted', async () => (await submittedRequest(this.token)).id);
  checkout = () =>
    this.once('checkout', async () => {
      const { id } = await submittedRequest(this.token);
      const started = await call(paymentsRoute.POST, { token: this.token, params: { id }, body: {} });
      const data = started.json!.data as { id: string; redirect_url: string };
      return { requestId: id, paymentId: data.id, gatewayId: data.redirect_url.split('/').pop()! };
    });
  document = () =>
    this.once('document', async () => {
      const id = await this.draft();
      const { json } = await upload((await import('./requests/[id]/documents/route')).POST, { pilgrim: 'applicant', kind: 'photo', file: pngFile() }, { token: this.token, params: { id } });
      return { id, docId: json.data.id as string };
    });
  notification = () =>
    this.once('notification', async () => {
      await this.submitted();
      return (await notificationsOf(this.token)).items[0]!.id;
    });
  device = () =>
    this.once('device', async () => {
      const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
      const { json } = await call(devicesRoute.POST, { token: this.token, body: { provider: 'webpush', subscription: { endpoint: `https://fcm.googleapis.com/fcm/send/contract-${this.user.id}`, keys } } });
      return json!.data.token as string;
    });
  /** Someone else's complete draft on which this account is an invited companion who took the invitation up (issue 42). */
  shared = () =>
    this.once('shared', async () => {
      const organiser = await newUser('Organiser Contract');
      const id = await readyDraft(organiser.token);
      await call(invitationRoute.POST, { token: organiser.token, params: { id, pilgrim: 'companion-0' }, body: { email: this.user.email } });
      const [row] = await queryRows<{ params: Record<string, string> }>(sql`select params from mail_outbox where kind = 'companion_invite' and to_address = ${this.user.email.toLowerCase()} order by id desc limit 1`);
      await call(acceptInvitationRoute.POST, { token: this.token, body: { token: row!.params.token } });
      return id;
    });
  /** Another session of this account, by its id (the one the operation is called with stays). */
  otherSession = () =>
    this.once('other-session', async () => {
      const token = await createSession(this.user.id);
      const [row] = await (await getDb()).select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      return row!.id;
    });
}

async function newWorld() {
  const { token, user } = await newUser();
  return new World(user, token);
}

type Spec = {
  /** The path parameters, from the account's fixtures. */
  params?: (world: World) => Promise<Record<string, string>>;
  headers?: Record<string, string>;
  /** What a success used up, made again (a deleted draft, an ended session), at most a few times. */
  renew?: (world: World) => Promise<World | void>;
};

const draftId = async (w: World) => ({ id: await w.draft() });
const SPECS: Record<string, Spec> = {
  // One client: from a new address every case, the example's one account would be a guesser spread over many
  // addresses, and each of its attempts past the tenth would wait before its check (1 s to 10 s; sign-in-limits.ts).
  'POST /api/v1/auth/login': { headers: { [SOCKET_ADDRESS_HEADER]: '198.51.100.58' } },
  'POST /api/v1/auth/logout': { renew: async (w) => void (w.token = await createSession(w.user.id)) },
  // A deleted account is replaced by a new one, so that later cases reach the deletion again.
  'DELETE /api/v1/me': { renew: async () => newWorld() },
  // "Stay signed in" ends the token it was called with: the account signs in again.
  'POST /api/v1/me/sessions/renew': { renew: async (w) => void (w.token = await createSession(w.user.id)) },
  'DELETE /api/v1/me/sessions/{id}': { params: async (w) => ({ id: await w.otherSession() }), renew: async (w) => w.forget('other-session') },
  'GET /api/v1/requests/{id}': { params: draftId },
  // A new draft every case: its version is 1, as in the example, so that saves reach the database (jsonb).
  'PATCH /api/v1/requests/{id}': { params: async (w) => ({ id: (await call(requestsRoute.POST, { token: w.token, body: { type: 'umrah' } })).json!.data.id as string }) },
  'DELETE /api/v1/requests/{id}': { params: draftId, renew: async (w) => w.forget('draft') },
  // A success leaves the account an unpaid request (awaiting payment, or reopened and still holding its places): it may
  // send no other of the service (issue 58, item 2), so the next success needs an account of its own, or every later
  // case would only meet one_unpaid_request.
  'POST /api/v1/requests/{id}/submit': { params: async (w) => ({ id: await w.ready() }), renew: async () => newWorld() },
  'POST /api/v1/requests/{id}/cancel': { params: async (w) => ({ id: await w.submitted() }), renew: async (w) => w.forget('submitted') },
  'POST /api/v1/requests/{id}/reopen': { params: async (w) => ({ id: await w.submitted() }), renew: async () => newWorld() },
  // A complete draft: joins only when its package is full (409 places_left here, unlimited); both answers are the document's.
  'POST /api/v1/requests/{id}/reserve': { params: async (w) => ({ id: await w.ready() }), renew: async (w) => w.forget('ready') },
  'DELETE /api/v1/requests/{id}/reserve': { params: async (w) => ({ id: await w.ready() }), renew: async (w) => w.forget('ready') },
  'POST /api/v1/requests/{id}/documents': { params: draftId },
  'DELETE /api/v1/requests/{id}/documents/{docId}': { params: (w) => w.document(), renew: async (w) => w.forget('document') },
  'GET /api/v1/documents/{id}': { params: async (w) => ({ id: (await w.document()).docId }) },
  'GET /api/v1/documents/{id}/thumbnail': { params: async (w) => ({ id: (await w.document()).docId }) },
  'POST /api/v1/requests/{id}/payments': { params: async (w) => ({ id: await w.submitted() }) },
  'GET /api/v1/payments/{id}': { params: async (w) => ({ id: (await w.checkout()).paymentId }) },
  'GET /api/v1/payments/{id}/outcome': { params: async (w) => ({ id: (await w.checkout()).paymentId }) },
  'GET /api/v1/payments/{id}/receipt': { params: async (w) => ({ id: (await w.checkout()).paymentId }) },
  'POST /api/v1/webhooks/payments/{provider}': { params: async () => ({ provider: 'test' }) },
  'POST /api/v1/webhooks/sms/{provider}': { params: async () => ({ provider: 'twilio' }) },
  'POST /api/v1/notifications/{id}/read': { params: async (w) => ({ id: await w.notification() }) },
  'PATCH /api/v1/devices/{token}': { params: async (w) => ({ token: await w.device() }) },
  'DELETE /api/v1/devices/{token}': { params: async (w) => ({ token: await w.device() }), renew: async (w) => w.forget('device') },
  'GET /api/v1/pages/{slug}': { params: async () => ({ slug: 'about' }) },
  'POST /api/v1/ops/requests/{id}/status': { params: async (w) => ({ id: await w.submitted() }), headers: { 'x-ops-key': OPS_KEY }, renew: async (w) => w.forget('submitted') },
  'POST /api/v1/ops/requests/{id}/payments': { params: async (w) => ({ id: await w.submitted() }), headers: { 'x-ops-key': OPS_KEY }, renew: async (w) => w.forget('submitted') },
  // Without a staff session these answer 401/403 whatever they are sent; the params still name real things.
  'GET /api/v1/office/requests/{id}': { params: async (w) => ({ id: await w.submitted() }) },
  'POST /api/v1/office/requests/{id}/assign': { params: async (w) => ({ id: await w.submitted() }) },
  'POST /api/v1/office/requests/{id}/review': { params: async (w) => ({ id: await w.submitted() }) },
  'POST /api/v1/office/requests/{id}/notes': { params: async (w) => ({ id: await w.submitted() }) },
  'POST /api/v1/office/requests/{id}/payments': { params: async (w) => ({ id: await w.submitted() }) },
  'GET /api/v1/office/documents/{id}': { params: async (w) => ({ id: (await w.document()).docId }) },
  'PATCH /api/v1/office/catalogue/{id}': { params: async () => ({ id: 'umrah' }) },
  // An opening's queue, open now: joined, read and left by the account; the console's view and controls.
  'POST /api/v1/openings/{service}/queue': { params: () => queueOpen() },
  'GET /api/v1/openings/{service}/queue': { params: () => queueOpen() },
  'DELETE /api/v1/openings/{service}/queue': { params: () => queueOpen() },
  'GET /api/v1/office/openings/{service}': { params: () => queueOpen() },
  'POST /api/v1/office/openings/{service}': { params: () => queueOpen() },
  'POST /api/v1/office/requests/{id}/refund-approval': { params: async (w) => ({ id: await w.submitted() }) },
  'POST /api/v1/office/requests/{id}/package-refund': { params: async (w) => ({ id: await w.submitted() }) },
  'DELETE /api/v1/office/saved-filters/{id}': { params: async () => ({ id: '00000000-0000-4000-8000-000000000000' }) },
  'PATCH /api/v1/office/staff/{id}': { params: async () => ({ id: '00000000-0000-4000-8000-000000000000' }) },
  'POST /api/v1/office/staff/{id}/reset-two-factor': { params: async () => ({ id: '00000000-0000-4000-8000-000000000000' }) },
  'POST /api/v1/ops/staff': { headers: { 'x-ops-key': OPS_KEY } },
  // Families (issue 42): the applicant's own complete draft; for the companion's side, a request shared with this account.
  'POST /api/v1/requests/{id}/pilgrims/{pilgrim}/invitation': { params: async (w) => ({ id: await w.ready(), pilgrim: 'companion-0' }) },
  'DELETE /api/v1/requests/{id}/pilgrims/{pilgrim}/invitation': { params: async (w) => ({ id: await w.ready(), pilgrim: 'companion-0' }) },
  'GET /api/v1/me/shared-requests/{id}': { params: async (w) => ({ id: await w.shared() }) },
  'PATCH /api/v1/me/shared-requests/{id}': { params: async (w) => ({ id: await w.shared() }) },
  'DELETE /api/v1/me/shared-requests/{id}': { params: async (w) => ({ id: await w.shared() }), renew: async (w) => w.forget('shared') },
  'POST /api/v1/me/shared-requests/{id}/confirmation': { params: async (w) => ({ id: await w.shared() }) },
  'POST /api/v1/me/shared-requests/{id}/documents': { params: async (w) => ({ id: await w.shared() }) },
  // A declined card is a success too (200, the payment failed): its request still awaits payment, so the next checkout
  // is another account's (one unpaid request per account and service, issue 58, item 2).
  'POST /api/test-gateway/{id}/pay': { params: async (w) => ({ id: (await w.checkout()).gatewayId }), renew: async () => newWorld() },
};
const MAX_RENEWALS = 5;

/** The odd value one case in eight, the usual one otherwise. */
function sometimes<T, U>(odd: fc.Arbitrary<T>, usual: U): fc.Arbitrary<T | U> {
  return fc.oneof({ weight: 1, arbitrary: odd }, { weight: 7, arbitrary: fc.constant(usual) });
}

const hostileParam = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT, '00000000-0000-0000-0000-000000000000', 'LBK-2026-000001', '%E0%A4%A', '%00', '..%2f..', 'x'.repeat(5000)),
  fc.constantFrom(...OUT_OF_RANGE).map(String),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Credentials: the account's session (mostly), none, a forged one, or the session as a cookie. */
const credentials = fc.constantFrom('session', 'session', 'session', 'session', 'session', 'session', 'none', 'forged', 'cookie');

/** Headers a client may get wrong: oversized, cross-site, odd request ids, languages that do not exist. */
const oddHeaders = sometimes(
  fc.constantFrom<Record<string, string>>(
    { 'accept-language': 'x'.repeat(20_000) },
    { 'accept-language': 'ar;q=NaN, *;q=2, en-XX' },
    { 'x-request-id': '\u00e9'.repeat(300) },
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
    { cookie: `session=${'x'.repeat(16_000)}` },
    { 'x-forwarded-for': '999.1.1.1, ::ffff:zz' },
    { 'x-ops-key': 'wrong' },
  ),
  {},
);

function queryCases(operation: OpenApiOperation) {
  const parameters = (operation.parameters ?? []).filter((p) => p.in === 'query');
  if (!parameters.length) return fc.constant('');
  const pairs = fc.array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...parameters).chain((p) => fromSchema(p.schema as never, components).map((v) => [p.name, String(v)] as [string, string])) },
      { weight: 1, arbitrary: fc.tuple(fc.oneof(fc.constantFrom(...parameters.map((p) => p.name), '__proto__'), fc.string({ maxLength: 6 })), fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.constantFrom(...OUT_OF_RANGE).map(String))) },
    ),
    { maxLength: 4 },
  );
  return pairs.map((p) => `?${new URLSearchParams(p).toString()}`);
}

function bodyCases(operation: OpenApiOperation): fc.Arbitrary<Wire | undefined> {
  const content = operation.requestBody?.content;
  if (!content) {
    // An operation without a body may still be sent one: it is ignored or refused, never a 500.
    return sometimes(fc.constantFrom<Wire>({ type: 'application/json', body: `{"x":"${CANARY}"}`, broken: 'unexpected body' }, { type: 'text/plain', body: CANARY, broken: 'unexpected text' }), undefined);
  }
  const types = Object.keys(content);
  const schema = content[types[0]!]!.schema as { required?: string[] };
  const example = content['application/json']?.example;
  const generated = fromSchema(schema as never, components);
  // The example most often: a body that passes the first checks, so that the breaks reach the service and the database.
  const valid = example === undefined ? generated : fc.oneof({ weight: 1, arbitrary: generated }, { weight: 2, arbitrary: fc.constant(example) });
  return wireBodies(valid, schema.required ?? [], types);
}

/** A path segment as a client writes it: a lone surrogate cannot be UTF-8, so it goes as the bytes a careless client sends. */
function segment(value: string) {
  return encodeURIComponent(value.replace(/\p{Surrogate}/gu, '\u{fffd}')).replace(/%EF%BF%BD/g, '%ED%A0%80');
}

async function send(handler: Handler, method: string, path: string, params: Record<string, string>, query: string, wire: Wire | undefined, headers: Headers) {
  const url = `http://portal.test${path.replace(/\{(\w+)\}/g, (_, name: string) => segment(params[name] ?? ''))}${query}`;
  if (wire?.type) headers.set('content-type', wire.type);
  const request = new Request(url, { method, headers, body: method === 'GET' ? undefined : wire?.body });
  const response = await handler(request, { params: Promise.resolve(params as never) });
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, type, json: undefined };
  }
  const text = await response.text();
  return { status: response.status, type, json: type.includes('json') && text ? (JSON.parse(text) as unknown) : undefined };
}

/** The fuzz of every second operation of the document, from the `part`th (1 or 2), in a test file of its own. */
export function describeContractFuzz(part: 1 | 2) {
  withTestDatabase();
  logs = captureLogs();
  describe(`the API fuzzed from its OpenAPI document (part ${part} of 2)`, () => {
    beforeAll(() => {
      process.env.OPS_API_KEY = OPS_KEY;
      resetEnvForTests();
    });
    afterAll(() => {
      delete process.env.OPS_API_KEY;
      resetEnvForTests();
    });

    it('has a handler for every operation, and fixtures for every path parameter', async () => {
      const missing: string[] = [];
      for (const { method, path, operation } of operations) {
        if (!(await handlerOf(method, path))) missing.push(`${method} ${path}: no handler`);
        if (operation.parameters?.some((p) => p.in === 'path') && !SPECS[`${method} ${path}`]?.params) missing.push(`${method} ${path}: no params in SPECS`);
      }
      expect(missing).toEqual([]);
    });

    for (const { method, path, operation } of operations.filter((_, index) => index % 2 === part - 1)) {
      const key = `${method} ${path}`;
      const spec = SPECS[key] ?? {};
      it(`${key}: every answer documented, never a 5xx`, async () => {
        const handler = (await handlerOf(method, path)) as Handler;
        let world = await newWorld();
        let renewals = 0;
        const statuses = new Map<number, number>();
        const property = fc.asyncProperty(
          credentials,
          sometimes(hostileParam, undefined),
          fc.nat(),
          queryCases(operation),
          bodyCases(operation),
          oddHeaders,
          async (credential, badParam, which, query, wire, odd) => {
            const params = { ...(await spec.params?.(world)) };
            const names = Object.keys(params);
            if (badParam !== undefined && names.length) params[names[which % names.length]!] = badParam;
            const headers = new Headers({ accept: 'application/json', 'accept-language': which % 2 ? 'ar' : 'en', [SOCKET_ADDRESS_HEADER]: someAddress(), ...spec.headers });
            if (credential === 'session') headers.set('authorization', `Bearer ${world.token}`);
            if (credential === 'forged') headers.set('authorization', `Bearer ${'A'.repeat(43)}`);
            if (credential === 'cookie') headers.set('cookie', `session=${world.token}`);
            for (const [name, value] of Object.entries(odd)) headers.set(name, value);
            const answer = await send(handler, method, path, params, query, wire, headers);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            const what = `${key} ${credential} ${wire?.broken ?? 'no body'} ${JSON.stringify(odd).slice(0, 60)} → ${answer.status} ${JSON.stringify(answer.json)?.slice(0, 300)}`;
            expect(answer.status, what).toBeLessThan(500);
            expectDocumented(method, path, answer.status, answer.json);
            if (answer.status >= 400) expect(answer.type, what).toContain('application/json');
            expect(({} as Record<string, unknown>).polluted, what).toBeUndefined();
            if (answer.status < 300 && spec.renew && renewals < MAX_RENEWALS) {
              renewals += 1;
              world = (await spec.renew(world)) ?? world;
            }
          },
        );
        await fc.assert(property, { numRuns: runsFor(operation), ...SEED });
        if (process.env.FUZZ_STATUSES) console.log(key, JSON.stringify(Object.fromEntries([...statuses].sort())));
        // The server still answers, and nothing sent reached a log line.
        expect((await healthRoute.GET()).status).toBe(200);
        expect(logs.lines.filter((line) => line.includes(CANARY))).toEqual([]);
      }, 600_000);
    }
  });
}
