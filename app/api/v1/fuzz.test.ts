import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueOpen } from '@/test/openings';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { notificationsOf } from '@/test/notifications';
import { person } from '@/test/answers';
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
import * as opsPaymentRoute from './ops/requests/[id]/payments/route';
import * as addStaffRoute from './ops/staff/route';
import * as staffLoginRoute from './office/auth/login/route';
import * as staffCodeRoute from './office/auth/code/route';
import * as staffSetPasswordRoute from './office/auth/set-password/route';
import * as staffLogoutRoute from './office/auth/logout/route';
import * as officeAssignRoute from './office/requests/[id]/assign/route';
import * as officeReviewRoute from './office/requests/[id]/review/route';
import * as officeNotesRoute from './office/requests/[id]/notes/route';
import * as officePaymentRoute from './office/requests/[id]/payments/route';
import * as officeCatalogueRoute from './office/catalogue/[id]/route';
import * as officeOpeningRoute from './office/openings/[service]/route';
import * as queueRoute from './openings/[service]/queue/route';
import * as officeRefundApprovalRoute from './office/requests/[id]/refund-approval/route';
import * as officePackageRefundRoute from './office/requests/[id]/package-refund/route';
import * as officeBulkRoute from './office/requests/bulk/route';
import * as officeSavedFiltersRoute from './office/saved-filters/route';
import * as officeCalendarRoute from './office/calendar/route';
import * as officeStaffRoute from './office/staff/route';
import * as officeStaffMemberRoute from './office/staff/[id]/route';
import * as officeResetTwoFactorRoute from './office/staff/[id]/reset-two-factor/route';
import * as webhookRoute from './webhooks/payments/[provider]/route';
import * as smsWebhookRoute from './webhooks/sms/[provider]/route';
import * as mobileRoute from './me/mobile/route';
import * as mobileConfirmRoute from './me/mobile/confirm/route';
import * as smsPreferencesRoute from './me/sms-preferences/route';
import * as requestsRoute from './requests/route';
import * as requestRoute from './requests/[id]/route';
import * as cancelRoute from './requests/[id]/cancel/route';
import * as reopenRoute from './requests/[id]/reopen/route';
import * as verifyEmailRoute from './auth/verify-email/route';
import * as resendRoute from './auth/verify-email/resend/route';
import * as forgotRoute from './auth/forgot-password/route';
import * as resetRoute from './auth/reset-password/route';
import * as meEmailRoute from './me/email/route';
import * as emailPreferencesRoute from './me/email-preferences/route';
import * as revokeOthersRoute from './me/sessions/revoke-others/route';
import * as renewSessionRoute from './me/sessions/renew/route';
import * as submitRoute from './requests/[id]/submit/route';
import * as reserveRoute from './requests/[id]/reserve/route';
import * as invitationRoute from './requests/[id]/pilgrims/[pilgrim]/invitation/route';
import * as acceptInvitationRoute from './invitations/accept/route';
import * as sharedRequestRoute from './me/shared-requests/[id]/route';
import * as sharedConfirmationRoute from './me/shared-requests/[id]/confirmation/route';
import * as sharedDocumentsRoute from './me/shared-requests/[id]/documents/route';
import * as paymentsRoute from './requests/[id]/payments/route';
import * as documentsRoute from './requests/[id]/documents/route';
import * as gatewayRoute from '../../api/test-gateway/[id]/pay/route';
import { SOCKET_ADDRESS_HEADER } from '@/lib/server/http/socket-address';
import * as listRequestsRoute from './requests/route';
import * as notificationsRoute from './notifications/route';
import * as deviceTokenRoute from './devices/[token]/route';
import * as documentRoute from './documents/[id]/route';
import * as pageRoute from './pages/[slug]/route';
import * as paymentRoute from './payments/[id]/route';
import * as receiptRoute from './payments/[id]/receipt/route';
import * as documentDeleteRoute from './requests/[id]/documents/[docId]/route';

// Property-based fuzzing of every endpoint that reads a body: random and
// hostile bodies never produce a 500, every error has the shape of DESIGN
// section 6, prototype keys pollute nothing, and text comes back as sent.

withTestDatabase();

// FUZZ_RUNS runs more (or fewer) cases; FUZZ_SEED replays a failure fast-check reported.
const RUNS = Number(process.env.FUZZ_RUNS) || 60;
const SEED = process.env.FUZZ_SEED === undefined ? {} : { seed: Number(process.env.FUZZ_SEED) };
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
  // Control characters: refused by every text rule (lib/validation/control-characters.ts).
  'a\u0001b',
  '\u001b[31mred',
  'del\u007f',
  'next\u0085line',
  'vertical\u000btab',
  // Kept: what Arabic text needs.
  'عائشة\u200c\u200d\u061c',
  // Numbers as text, too big for anything the database stores.
  '99999999999999999999',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e400',
  '-0',
  'NaN',
  'Infinity',
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

/** Numbers past every integer column and past what a double holds exactly. */
const hugeNumber = fc.constantFrom(1e308, -1e308, 1e21, Number.MAX_SAFE_INTEGER + 2, 2147483648, -2147483649, 4294967296, 5e-324, -0);

const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hugeNumber,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Text with a control character: one alone in an otherwise valid body must be a 422, not a database error. */
const controlText = fc.constantFrom('a\u0000b', '\u0000', 'Aisha\u0000Rahman', 'a\u0001b', '\u001b[0m', 'a\u007f', 'a\u0085');

/**
 * A body the endpoint accepts with one field (or one field inside an object
 * field, such as an answer inside `data`) replaced: the hostile value then
 * reaches the service and the database, not only the first check.
 */
function mutated(valid: () => Record<string, unknown>) {
  return fc.tuple(fc.nat(), fc.nat(), fc.oneof(controlText, hugeNumber, value)).map(([i, j, hostile]) => {
    const body = valid();
    const keys = Object.keys(body);
    const key = keys[i % keys.length]!;
    const inner = body[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner) && Object.keys(inner).length > 0) {
      const innerKeys = Object.keys(inner);
      (inner as Record<string, unknown>)[innerKeys[j % innerKeys.length]!] = hostile;
    } else {
      body[key] = hostile;
    }
    return { type: 'application/json', body: JSON.stringify(body) };
  });
}

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
    // Deep JSON around one of the endpoint's fields (written as text: JSON.stringify itself overflows on it).
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...fields), fc.integer({ min: 100, max: 10_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}'], ['[{"x":', '}]']))
        .map(([field, depth, [open, close]]) => ({ type: 'application/json', body: `{${JSON.stringify(field)}:${open!.repeat(depth)}"\u0000"${close!.repeat(depth)}}` })),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('application/json', 'text/plain', ''), hostileString).map(([type, body]) => ({ type, body })) },
  );
}

type Target = {
  name: string;
  handler: Handler;
  method: string;
  fields: string[];
  token?: () => Promise<string | undefined>;
  params: () => Promise<Record<string, string>>;
  headers?: Record<string, string>;
  /** Answers without reading its body (so no 413 either): the call itself is the action. */
  ignoresBody?: boolean;
  /** A body it accepts, for mutated() bodies. */
  valid?: () => Record<string, unknown>;
};

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
  let payingId: string;

  beforeAll(async () => {
    process.env.OPS_API_KEY = OPS_KEY;
    resetEnvForTests();
    owner = await newUser();
    draftId = (await call(requestsRoute.POST, { token: owner.token, body: { type: 'umrah' } })).json!.data.id;
    // The office's and the operator's request from an account of its own: the owner pays for the other, and an account
    // holds one unpaid request per service (issue 58, item 2).
    submittedId = (await submittedRequest((await newUser('Fuzz Office Pilgrim')).token)).id;
    const paying = await submittedRequest(owner.token);
    payingId = paying.id;
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
    {
      name: 'POST auth/register',
      handler: registerRoute.POST,
      method: 'POST',
      fields: ['name', 'email', 'phone', 'password', 'password_confirmation'],
      params: none,
      valid: () => ({ name: 'Aisha Rahman', email: `fuzz.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, phone: '+966501234567', password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' }),
    },
    { name: 'POST auth/login', handler: loginRoute.POST, method: 'POST', fields: ['email', 'password'], params: none, valid: () => ({ email: 'fuzz.nobody@example.com', password: 'Wrong#2026' }) },
    { name: 'POST auth/social', handler: socialRoute.POST, method: 'POST', fields: ['provider', 'id_token'], params: none },
    { name: 'POST auth/logout', handler: logoutRoute.POST, method: 'POST', fields: ['device_token'], token: freshSession, params: none },
    { name: 'PATCH me', handler: meRoute.PATCH, method: 'PATCH', fields: ['name', 'phone', 'locale'], token: session, params: none, valid: () => ({ name: 'Aisha Rahman', phone: '+966501234567', locale: 'en' }) },
    { name: 'POST me/password', handler: passwordRoute.POST, method: 'POST', fields: ['current_password', 'password', 'password_confirmation'], token: session, params: none },
    { name: 'POST me/google', handler: googleLinkRoute.POST, method: 'POST', fields: ['id_token'], token: session, params: none },
    {
      name: 'POST devices',
      handler: devicesRoute.POST,
      method: 'POST',
      fields: ['provider', 'subscription', 'token', 'endpoint', 'keys'],
      token: session,
      params: none,
      valid: () => ({ provider: 'webpush', subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } } }),
    },
    { name: 'PATCH devices/[token]', handler: deviceRoute.PATCH, method: 'PATCH', fields: ['subscription', 'keys'], token: session, params: async () => ({ token: deviceToken }) },
    { name: 'POST notifications/[id]/read', handler: readRoute.POST, method: 'POST', fields: ['id'], token: session, params: async () => ({ id: notificationId }), ignoresBody: true },
    { name: 'POST notifications/read-all', handler: readAllRoute.POST, method: 'POST', fields: ['ids'], token: session, params: none, ignoresBody: true },
    { name: 'POST ops/requests/[id]/status', handler: opsRoute.POST, method: 'POST', fields: ['status', 'note'], params: async () => ({ id: submittedId }), headers: { 'x-ops-key': OPS_KEY }, valid: () => ({ status: 'under_review', note: 'From the fuzz test' }) },
    // No finance member has this address: a valid body is a 422 on received_by, never a payment.
    { name: 'POST ops/requests/[id]/payments', handler: opsPaymentRoute.POST, method: 'POST', fields: ['amount_minor', 'receipt_number', 'received_by'], params: async () => ({ id: submittedId }), headers: { 'x-ops-key': OPS_KEY }, valid: () => ({ amount_minor: 3_000_000, receipt_number: 'FUZZ-1', received_by: 'finance@office.example' }) },
    { name: 'POST webhooks/payments/test', handler: webhookRoute.POST, method: 'POST', fields: ['type', 'data', 'id'], params: async () => ({ provider: 'test' }) },
    { name: 'POST webhooks/sms/twilio', handler: smsWebhookRoute.POST, method: 'POST', fields: ['MessageSid', 'MessageStatus', 'ErrorCode'], params: async () => ({ provider: 'twilio' }) },
    { name: 'POST requests', handler: requestsRoute.POST, method: 'POST', fields: ['type'], token: session, params: none, valid: () => ({ type: 'umrah' }) },
    {
      name: 'PATCH requests/[id]',
      handler: requestRoute.PATCH,
      method: 'PATCH',
      fields: ['step', 'data', 'version', 'complete'],
      token: session,
      params: async () => ({ id: draftId }),
      valid: () => ({ step: 'applicant', data: person(), version: 1 }),
    },
    { name: 'POST openings/[service]/queue', handler: queueRoute.POST, method: 'POST', fields: ['service'], token: session, params: () => queueOpen(), ignoresBody: true },
    { name: 'POST requests/[id]/submit', handler: submitRoute.POST, method: 'POST', fields: ['id'], token: session, params: async () => ({ id: draftId }), ignoresBody: true },
    { name: 'POST requests/[id]/reserve', handler: reserveRoute.POST, method: 'POST', fields: ['id'], token: session, params: async () => ({ id: draftId }), ignoresBody: true },
    { name: 'POST auth/verify-email', handler: verifyEmailRoute.POST, method: 'POST', fields: ['token', 'code'], token: session, params: none, valid: () => ({ code: '000000' }) },
    { name: 'POST auth/verify-email/resend', handler: resendRoute.POST, method: 'POST', fields: ['email'], token: session, params: none, ignoresBody: true },
    { name: 'POST auth/forgot-password', handler: forgotRoute.POST, method: 'POST', fields: ['email'], params: none, valid: () => ({ email: 'fuzz.nobody@example.com' }) },
    {
      name: 'POST auth/reset-password',
      handler: resetRoute.POST,
      method: 'POST',
      fields: ['token', 'password', 'password_confirmation'],
      params: none,
      valid: () => ({ token: 'x'.repeat(43), password: 'Labbaik#2027!', password_confirmation: 'Labbaik#2027!' }),
    },
    // A wrong current password: the owner's address never changes under the fuzz.
    { name: 'POST me/email', handler: meEmailRoute.POST, method: 'POST', fields: ['email', 'current_password'], token: session, params: none, valid: () => ({ email: 'fuzz.moved@example.com', current_password: 'Wrong#2026' }) },
    // A code is asked for once (the limits are 3 an hour); a wrong code confirms nothing.
    { name: 'POST me/mobile/confirm', handler: mobileConfirmRoute.POST, method: 'POST', fields: ['code'], token: session, params: none, valid: () => ({ code: '000000' }) },
    { name: 'PUT me/sms-preferences', handler: smsPreferencesRoute.PUT, method: 'PUT', fields: ['place_offered', 'opening_turn', 'payment_due', 'decision', 'changes_requested'], token: session, params: none, valid: () => ({ place_offered: true, opening_turn: true, payment_due: true, decision: true, changes_requested: false }) },
    { name: 'POST me/mobile', handler: mobileRoute.POST, method: 'POST', fields: ['mobile'], token: session, params: none, valid: () => ({ mobile: '+966501239876' }) },
    { name: 'PUT me/email-preferences', handler: emailPreferencesRoute.PUT, method: 'PUT', fields: ['requests', 'payments'], token: session, params: none, valid: () => ({ requests: true, payments: false }) },
    { name: 'POST requests/[id]/reopen', handler: reopenRoute.POST, method: 'POST', fields: ['reason'], token: session, params: async () => ({ id: draftId }), ignoresBody: true },
    // Ends the owner's other sessions only (the fresh ones logout uses), never the one it is called with.
    { name: 'POST me/sessions/revoke-others', handler: revokeOthersRoute.POST, method: 'POST', fields: ['keep'], token: session, params: none, ignoresBody: true },
    // Ends the token it is called with (a new one takes its place): each run a fresh session, as logout.
    { name: 'POST me/sessions/renew', handler: renewSessionRoute.POST, method: 'POST', fields: ['token'], token: freshSession, params: none, ignoresBody: true },
    { name: 'POST requests/[id]/cancel', handler: cancelRoute.POST, method: 'POST', fields: ['reason'], token: session, params: async () => ({ id: draftId }), ignoresBody: true },
    // Reads `part` only (issue 42): an amount, a currency or a return address sent along are never taken.
    { name: 'POST requests/[id]/payments', handler: paymentsRoute.POST, method: 'POST', fields: ['part', 'amount', 'currency', 'return_url', 'provider'], token: session, params: async () => ({ id: payingId }), valid: () => ({ part: 'full' }) },
    // Multipart with its own limit (documents.test.ts); a JSON body is refused.
    // Families (issue 42): the applicant's umrah draft has no companion, and the user is on no one's request, so valid bodies end in a 404.
    { name: 'POST requests/[id]/pilgrims/[pilgrim]/invitation', handler: invitationRoute.POST, method: 'POST', fields: ['email'], token: session, params: async () => ({ id: draftId, pilgrim: 'companion-0' }), valid: () => ({ email: 'fuzz.companion@example.com' }) },
    { name: 'POST invitations/accept', handler: acceptInvitationRoute.POST, method: 'POST', fields: ['token'], token: session, params: none, valid: () => ({ token: 'not-an-invitation' }) },
    { name: 'PATCH me/shared-requests/[id]', handler: sharedRequestRoute.PATCH, method: 'PATCH', fields: ['answers', 'version'], token: session, params: async () => ({ id: draftId }), valid: () => ({ answers: person(), version: 1 }) },
    { name: 'POST me/shared-requests/[id]/confirmation', handler: sharedConfirmationRoute.POST, method: 'POST', fields: ['id'], token: session, params: async () => ({ id: draftId }), ignoresBody: true },
    { name: 'POST me/shared-requests/[id]/documents', handler: sharedDocumentsRoute.POST, method: 'POST', fields: ['kind', 'file'], token: session, params: async () => ({ id: draftId }), ignoresBody: true },
    { name: 'POST requests/[id]/documents', handler: documentsRoute.POST, method: 'POST', fields: ['pilgrim', 'kind', 'file'], token: session, params: async () => ({ id: draftId }), ignoresBody: true },
    // The office console: calls from its own pages (Sec-Fetch-Site), so that the bodies reach validation.
    { name: 'POST ops/staff', handler: addStaffRoute.POST, method: 'POST', fields: ['email', 'name', 'role'], params: none, headers: { 'x-ops-key': OPS_KEY }, valid: () => ({ email: `fuzz.${Date.now()}.${Math.random().toString(36).slice(2)}@office.example`, name: 'Fuzz Staff', role: 'reviewer' }) },
    { name: 'POST office/auth/login', handler: staffLoginRoute.POST, method: 'POST', fields: ['email', 'password'], params: none, headers: { 'sec-fetch-site': 'same-origin' }, valid: () => ({ email: 'fuzz.nobody@office.example', password: 'Wrong#2026' }) },
    { name: 'POST office/auth/code', handler: staffCodeRoute.POST, method: 'POST', fields: ['challenge', 'code'], params: none, headers: { 'sec-fetch-site': 'same-origin' }, valid: () => ({ challenge: 'x'.repeat(43), code: '123456' }) },
    { name: 'POST office/auth/set-password', handler: staffSetPasswordRoute.POST, method: 'POST', fields: ['token', 'password', 'password_confirmation'], params: none, headers: { 'sec-fetch-site': 'same-origin' }, valid: () => ({ token: 'x'.repeat(43), password: 'Labbaik#2027!', password_confirmation: 'Labbaik#2027!' }) },
    { name: 'POST office/auth/logout', handler: staffLogoutRoute.POST, method: 'POST', fields: ['x'], params: none, headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    // Without a staff session: refused before the body is read (401), whatever it is.
    { name: 'POST office/requests/[id]/assign', handler: officeAssignRoute.POST, method: 'POST', fields: ['assign'], params: async () => ({ id: submittedId }), headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'POST office/requests/[id]/review', handler: officeReviewRoute.POST, method: 'POST', fields: ['status', 'note', 'flags'], params: async () => ({ id: submittedId }), headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'POST office/staff', handler: officeStaffRoute.POST, method: 'POST', fields: ['email', 'name', 'role'], params: none, headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'PATCH office/staff/[id]', handler: officeStaffMemberRoute.PATCH, method: 'PATCH', fields: ['role', 'disabled'], params: async () => ({ id: '00000000-0000-4000-8000-000000000000' }), headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'POST office/staff/[id]/reset-two-factor', handler: officeResetTwoFactorRoute.POST, method: 'POST', fields: ['x'], params: async () => ({ id: '00000000-0000-4000-8000-000000000000' }), headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'POST office/openings/[service]', handler: officeOpeningRoute.POST, method: 'POST', fields: ['action'], params: () => queueOpen(), headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'PATCH office/catalogue/[id]', handler: officeCatalogueRoute.PATCH, method: 'PATCH', fields: ['fee_minor', 'season_start', 'season_end', 'companion_limit'], params: async () => ({ id: 'umrah' }), headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'POST office/requests/[id]/refund-approval', handler: officeRefundApprovalRoute.POST, method: 'POST', fields: ['decision'], params: async () => ({ id: submittedId }), headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'POST office/requests/[id]/package-refund', handler: officePackageRefundRoute.POST, method: 'POST', fields: ['refund_minor', 'note'], params: async () => ({ id: submittedId }), headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'POST office/requests/bulk', handler: officeBulkRoute.POST, method: 'POST', fields: ['ids', 'action', 'assign', 'body'], params: none, headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'POST office/saved-filters', handler: officeSavedFiltersRoute.POST, method: 'POST', fields: ['name', 'query'], params: none, headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'PUT office/calendar', handler: officeCalendarRoute.PUT, method: 'PUT', fields: ['work_days', 'holidays'], params: none, headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'POST office/requests/[id]/notes', handler: officeNotesRoute.POST, method: 'POST', fields: ['body'], params: async () => ({ id: submittedId }), headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'POST office/requests/[id]/payments', handler: officePaymentRoute.POST, method: 'POST', fields: ['amount_minor', 'receipt_number'], params: async () => ({ id: submittedId }), headers: { 'sec-fetch-site': 'same-origin' }, ignoresBody: true },
    { name: 'POST test-gateway/[id]/pay', handler: gatewayRoute.POST, method: 'POST', fields: ['card_number', 'otp'], params: async () => ({ id: gatewayId }), valid: () => ({ card_number: '4000000000000002', otp: '123456' }) },
  ];

  for (const target of targets) {
    it(`${target.name}: no 500, errors in the API's shape, no prototype pollution`, async () => {
      await fc.assert(
        fc.asyncProperty(target.valid ? fc.oneof({ weight: 2, arbitrary: bodies(target.fields) }, { weight: 1, arbitrary: mutated(target.valid) }) : bodies(target.fields), async (body) => {
          const { status, json } = await send(target, body, await target.token?.());
          expectErrorShape(status, json);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          expect(Object.prototype.toString.call({})).toBe('[object Object]');
        }),
        // Logout signs in afresh for every run (scrypt): fewer runs there.
        { numRuns: target.name === 'POST auth/logout' || target.name === 'POST me/sessions/renew' ? Math.min(10, RUNS) : RUNS, ...SEED },
      );
    }, 120_000);
  }

  it('fuzzes every endpoint under app/api that takes a body (a new one fails here until it is a target)', async () => {
    const apiDir = path.join(process.cwd(), 'app/api');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? files(full) : name === 'route.ts' ? [full] : [];
      });
    // The API's catch-all answers 404 to everything, whatever it is sent.
    const exempt = new Set(['v1/[...rest]']);
    const fuzzed = new Set<unknown>(targets.map((t) => t.handler));
    const missing: string[] = [];
    for (const file of files(apiDir)) {
      const where = path.relative(apiDir, path.dirname(file)).split(path.sep).join('/');
      const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      for (const method of ['POST', 'PUT', 'PATCH']) {
        if (typeof mod[method] === 'function' && !exempt.has(where) && !fuzzed.has(mod[method])) missing.push(`${method} ${where}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('query strings: hostile values for the list endpoints never give a 500', async () => {
    const queries = fc.array(fc.tuple(fc.oneof(fc.constantFrom('status', 'page', '__proto__'), fc.string({ maxLength: 6 })), fc.oneof(hostileString, hugeNumber.map(String))), { maxLength: 4 });
    for (const handler of [listRequestsRoute.GET, notificationsRoute.GET]) {
      await fc.assert(
        fc.asyncProperty(queries, async (pairs) => {
          const query = new URLSearchParams(pairs).toString();
          const response = await call(handler as Handler, { token: owner.token, path: `/api/v1/fuzz?${query}`, locale: 'en' });
          expectErrorShape(response.status, response.json);
        }),
        { numRuns: RUNS, ...SEED },
      );
    }
  }, 120_000);

  it('path parameters: hostile ids, tokens, slugs and providers never give a 500', async () => {
    const pathValue = fc.oneof(hostileString, hugeNumber.map(String), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'LBK-2026-000001', 'tg_' + '0'.repeat(24), '%00', '..%2f..'));
    const withParams: { name: string; handler: Handler; method: string; param: string; headers?: Record<string, string> }[] = [
      { name: 'GET requests/[id]', handler: requestRoute.GET as Handler, method: 'GET', param: 'id' },
      { name: 'DELETE requests/[id]', handler: requestRoute.DELETE as Handler, method: 'DELETE', param: 'id' },
      { name: 'POST requests/[id]/payments', handler: paymentsRoute.POST as Handler, method: 'POST', param: 'id' },
      { name: 'DELETE requests/[id]/documents/[docId]', handler: documentDeleteRoute.DELETE as Handler, method: 'DELETE', param: 'docId' },
      { name: 'GET documents/[id]', handler: documentRoute.GET as Handler, method: 'GET', param: 'id' },
      { name: 'GET payments/[id]', handler: paymentRoute.GET as Handler, method: 'GET', param: 'id' },
      { name: 'GET payments/[id]/receipt', handler: receiptRoute.GET as Handler, method: 'GET', param: 'id' },
      { name: 'POST webhooks/payments/[provider]', handler: webhookRoute.POST as Handler, method: 'POST', param: 'provider' },
      { name: 'POST webhooks/sms/[provider]', handler: smsWebhookRoute.POST as Handler, method: 'POST', param: 'provider' },
      { name: 'PATCH devices/[token]', handler: deviceTokenRoute.PATCH as Handler, method: 'PATCH', param: 'token' },
      { name: 'DELETE devices/[token]', handler: deviceTokenRoute.DELETE as Handler, method: 'DELETE', param: 'token' },
      { name: 'GET pages/[slug]', handler: pageRoute.GET as Handler, method: 'GET', param: 'slug' },
      { name: 'POST notifications/[id]/read', handler: readRoute.POST as Handler, method: 'POST', param: 'id' },
      { name: 'POST ops/requests/[id]/status', handler: opsRoute.POST as Handler, method: 'POST', param: 'id', headers: { 'x-ops-key': OPS_KEY } },
      { name: 'POST ops/requests/[id]/payments', handler: opsPaymentRoute.POST as Handler, method: 'POST', param: 'id', headers: { 'x-ops-key': OPS_KEY } },
      { name: 'POST test-gateway/[id]/pay', handler: gatewayRoute.POST as Handler, method: 'POST', param: 'id' },
    ];
    for (const target of withParams) {
      await fc.assert(
        fc.asyncProperty(pathValue, async (param) => {
          const body = target.method === 'GET' || target.method === 'DELETE' ? undefined : { status: 'under_review', card_number: '4111111111111111' };
          const response = await call(target.handler, { method: target.method, token: owner.token, params: { [target.param]: param, id: draftId }, headers: target.headers, body, locale: 'en' });
          expect(response.status, `${target.name} ${JSON.stringify(param)}`).toBeLessThan(500);
          expectErrorShape(response.status, response.json);
        }),
        { numRuns: 25 },
      );
    }
  }, 180_000);

  it('a body over 64 KB is a 413, whatever the endpoint', async () => {
    // The endpoints that read their body (the others ignore it); uploads have their own limit (documents.test.ts).
    const reading = targets.filter((t) => !t.ignoresBody);
    expect(reading).toHaveLength(32);
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
