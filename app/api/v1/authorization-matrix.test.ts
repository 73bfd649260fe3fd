import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { queueOpen } from '@/test/openings';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { upload } from '@/test/api-form';
import { newUser } from '@/test/accounts';
import { companion, person, SERVICE } from '@/test/answers';
import { pngFile } from '@/test/files';
import { notificationsOf } from '@/test/notifications';
import { submittedRequest, uniquePassport } from '@/test/requests';
import { payOnTestGateway, TEST_CARDS } from '@/lib/server/payments/test-gateway';
import { queryRows } from '@/lib/server/db/client';
import { sql } from 'drizzle-orm';

// Every endpoint under app/api (the REST API in v1, the health and build checks,
// the test gateway's checkout) × {signed out, another user, the owner}.
// The route files are enumerated, so a new endpoint without an entry here fails.
// Someone else's resource answers 404, exactly like one that does not exist
// (never 403: that would confirm it exists); no session answers 401.

withTestDatabase();

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
type User = { token: string; user: { id: string; email: string } };
type Actor = 'signed out' | 'another user' | 'owner';
type Call = { params?: Record<string, string>; body?: unknown; form?: Record<string, string | File>; query?: string };
type Entry = {
  /** Makes the owner's resource (fresh for each entry) and says how to call the endpoint. */
  setup?: (owner: User) => Promise<Call>;
  /** Per actor, when the body depends on who calls (sign-in with the owner's e-mail). */
  body?: (actor: Actor, owner: User) => unknown;
  expect: Record<Actor, number>;
};

const API_DIR = path.join(process.cwd(), 'app/api');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The route files under app/api, as their paths (`v1/requests/[id]/submit`, `health`). */
function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [path.relative(API_DIR, dir).split(path.sep).join('/')] : [];
  });
}

const OWNER_ONLY = { 'signed out': 401, 'another user': 404 } as const;
const SIGNED_IN = { 'signed out': 401 } as const;
const PUBLIC = (status: number) => ({ 'signed out': status, 'another user': status, owner: status });

async function draft(owner: User, type = 'umrah') {
  return (await call((await import('./requests/route')).POST, { token: owner.token, body: { type } })).json!.data.id as string;
}

/** A Hajj draft with every step finished, not yet sent. */
async function completeDraft(owner: User) {
  const { PATCH } = await import('./requests/[id]/route');
  const id = await draft(owner, 'hajj');
  let version = 1;
  // Pilgrims with passports of their own: one passport is on at most one live request (issue 58, item 2), and the
  // matrix sends many requests in one database.
  const applicant = person({ passport_number: uniquePassport('A') });
  const companions = [companion({ passport_number: uniquePassport('B') })];
  for (const [step, data] of [['service', SERVICE], ['applicant', applicant], ['companions', companions], ['declaration', { declaration: true }]] as const) {
    version = (await call(PATCH, { method: 'PATCH', token: owner.token, params: { id }, body: { step, data, version, complete: true } })).json!.data.version;
  }
  for (const [pilgrim, kind] of [['applicant', 'passport'], ['applicant', 'photo'], ['companion-0', 'passport'], ['companion-0', 'photo']]) {
    const uploaded = await upload((await import('./requests/[id]/documents/route')).POST, { pilgrim: pilgrim!, kind: kind!, file: pngFile() }, { token: owner.token, params: { id } });
    if (uploaded.status !== 201) throw new Error(JSON.stringify(uploaded.json));
  }
  return id;
}

/** A request of someone else's on which the owner is an invited companion who has taken up the invitation (issue 42): its id. */
async function sharedWithOwner(owner: User) {
  const organiser = await newUser('Organiser Matrix');
  const id = await completeDraft(organiser);
  const invitation = await import('./requests/[id]/pilgrims/[pilgrim]/invitation/route');
  const sent = await call(invitation.POST, { token: organiser.token, params: { id, pilgrim: 'companion-0' }, body: { email: owner.user.email } });
  if (sent.status !== 201) throw new Error(JSON.stringify(sent.json));
  const accepted = await call((await import('./invitations/accept/route')).POST, { token: owner.token, body: { token: await invitationTokenFor(owner.user.email) } });
  if (accepted.status !== 200) throw new Error(JSON.stringify(accepted.json));
  return id;
}

/** The link's token of the newest invitation e-mail to an address. */
async function invitationTokenFor(email: string) {
  const [row] = await queryRows<{ params: Record<string, string> }>(sql`select params from mail_outbox where kind = 'companion_invite' and to_address = ${email.toLowerCase()} order by id desc limit 1`);
  return row!.params.token!;
}

/** An invitation for the owner's address to someone else's request, not taken up yet: its token. */
async function invitationForOwner(owner: User) {
  const organiser = await newUser('Organiser Matrix');
  const id = await completeDraft(organiser);
  const invitation = await import('./requests/[id]/pilgrims/[pilgrim]/invitation/route');
  await call(invitation.POST, { token: organiser.token, params: { id, pilgrim: 'companion-0' }, body: { email: owner.user.email } });
  return invitationTokenFor(owner.user.email);
}

async function uploadedDocument(owner: User) {
  const id = await draft(owner);
  const { json } = await upload((await import('./requests/[id]/documents/route')).POST, { pilgrim: 'applicant', kind: 'photo', file: pngFile() }, { token: owner.token, params: { id } });
  return { id, docId: json.data.id as string };
}

async function payment(owner: User, paid: boolean) {
  const { id } = await submittedRequest(owner.token);
  const started = await call((await import('./requests/[id]/payments/route')).POST, { token: owner.token, params: { id }, body: {} });
  const data = started.json!.data as { id: string; redirect_url: string };
  if (paid) await payOnTestGateway(data.redirect_url.split('/').pop()!, TEST_CARDS.success);
  return data.id;
}

/** A checkout on the test gateway, not yet paid: its id. */
async function gatewayCheckout(owner: User) {
  const { id } = await submittedRequest(owner.token);
  const started = await call((await import('./requests/[id]/payments/route')).POST, { token: owner.token, params: { id }, body: {} });
  return (started.json!.data.redirect_url as string).split('/').pop()!;
}

async function device(owner: User) {
  const { json } = await call((await import('./devices/route')).POST, {
    token: owner.token,
    body: { provider: 'webpush', subscription: { endpoint: `https://fcm.googleapis.com/fcm/send/m-${Date.now()}`, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } } },
  });
  return json!.data.token as string;
}

/** A second session of the owner (another device), by its id. */
async function otherSession(owner: User) {
  const signIn = await call((await import('./auth/login/route')).POST, { body: { email: owner.user.email, password: 'Labbaik#2026' } });
  const { json } = await call((await import('./me/sessions/route')).GET, { token: signIn.json!.token as string });
  return (json!.data as { id: string; current: boolean }[]).find((session) => session.current)!.id;
}

const MATRIX: Record<string, Entry> = {
  // Sign-in and registration do not depend on who calls.
  'POST v1/auth/register': {
    body: (actor) => ({ name: 'Aisha Rahman', email: `m.${actor.replace(' ', '-')}.${Date.now()}@example.com`, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' }),
    expect: PUBLIC(201),
  },
  'POST v1/auth/login': { body: (_actor, owner) => ({ email: owner.user.email, password: 'Labbaik#2026' }), expect: PUBLIC(200) },
  // Google sign-in is switched off without Firebase settings: 404 for everyone (its own tests configure it).
  'POST v1/auth/social': { setup: async () => ({ body: { provider: 'google', id_token: 'a.b.c' } }), expect: PUBLIC(404) },
  'POST v1/auth/logout': { setup: async () => ({ body: {} }), expect: { ...SIGNED_IN, 'another user': 204, owner: 204 } },
  'GET v1/me': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'PATCH v1/me': { setup: async () => ({ body: { name: 'Aisha Khan', phone: '', locale: 'en' } }), expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'DELETE v1/me': { expect: { ...SIGNED_IN, 'another user': 204, owner: 204 } },
  'POST v1/me/password': {
    setup: async () => ({ body: { current_password: 'Labbaik#2026', password: 'Labbaik#2027!', password_confirmation: 'Labbaik#2027!' } }),
    expect: { ...SIGNED_IN, 'another user': 204, owner: 204 },
  },
  // A link's token is its own credential, whoever calls: an unknown one is 422 for everyone.
  'POST v1/auth/verify-email': { setup: async () => ({ body: { token: 'x'.repeat(43) } }), expect: PUBLIC(422) },
  'POST v1/auth/reset-password': { setup: async () => ({ body: { token: 'x'.repeat(43), password: 'Labbaik#2027!', password_confirmation: 'Labbaik#2027!' } }), expect: PUBLIC(422) },
  // The same answer for every caller, whether or not the address has an account.
  'POST v1/auth/forgot-password': { body: (_actor, owner) => ({ email: owner.user.email }), expect: PUBLIC(202) },
  // The helper's accounts are confirmed already.
  'POST v1/auth/verify-email/resend': { expect: { ...SIGNED_IN, 'another user': 409, owner: 409 } },
  'POST v1/me/email': {
    setup: async () => ({ body: { email: `moved.${Date.now()}@example.com`, current_password: 'Labbaik#2026' } }),
    expect: { ...SIGNED_IN, 'another user': 202, owner: 202 },
  },
  'GET v1/me/email-preferences': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'GET v1/me/needs-doing': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  // Each actor asks for a code to a number of its own (the per-number limit counts across accounts).
  'POST v1/me/mobile': { body: () => ({ mobile: `+96650${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` }), expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  // No code was sent to the helper's accounts: any code is wrong for everyone signed in.
  'POST v1/me/mobile/confirm': { setup: async () => ({ body: { code: '123456' } }), expect: { ...SIGNED_IN, 'another user': 422, owner: 422 } },
  'GET v1/me/sms-preferences': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'PUT v1/me/sms-preferences': {
    setup: async () => ({ body: { place_offered: true, opening_turn: true, payment_due: false, decision: true, changes_requested: true } }),
    expect: { ...SIGNED_IN, 'another user': 200, owner: 200 },
  },
  'PUT v1/me/email-preferences': { setup: async () => ({ body: { requests: true, payments: false } }), expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'POST v1/me/sessions/revoke-others': { expect: { ...SIGNED_IN, 'another user': 204, owner: 204 } },
  'GET v1/me/sessions/current': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'POST v1/me/sessions/renew': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'GET v1/me/sessions': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'DELETE v1/me/sessions/[id]': { setup: async (owner) => ({ params: { id: await otherSession(owner) } }), expect: { ...OWNER_ONLY, owner: 204 } },
  // Google is not configured here: linking answers 404 (google_unavailable) to a signed-in caller.
  'GET v1/me/google': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'POST v1/me/google': { setup: async () => ({ body: { id_token: 'a.b.c' } }), expect: { ...SIGNED_IN, 'another user': 404, owner: 404 } },
  'DELETE v1/me/google': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'GET v1/devices': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  // Each caller its own browser: a subscription registered to one account is refused to another (409, devices.test.ts).
  'POST v1/devices': {
    body: (actor) => ({ provider: 'webpush', subscription: { endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${actor.replace(' ', '-')}`, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } } }),
    expect: { ...SIGNED_IN, 'another user': 201, owner: 201 },
  },
  'PATCH v1/devices/[token]': { setup: async (owner) => ({ params: { token: await device(owner) }, body: {} }), expect: { ...OWNER_ONLY, owner: 200 } },
  'DELETE v1/devices/[token]': { setup: async (owner) => ({ params: { token: await device(owner) } }), expect: { ...OWNER_ONLY, owner: 204 } },
  'GET v1/documents/[id]': { setup: async (owner) => ({ params: { id: (await uploadedDocument(owner)).docId } }), expect: { ...OWNER_ONLY, owner: 200 } },
  'GET v1/documents/[id]/thumbnail': { setup: async (owner) => ({ params: { id: (await uploadedDocument(owner)).docId } }), expect: { ...OWNER_ONLY, owner: 200 } },
  'GET v1/faqs': { expect: PUBLIC(200) },
  'GET v1/openapi.json': { expect: PUBLIC(200) },
  'GET docs': { expect: PUBLIC(200) },
  'GET docs/redoc.standalone.js': { expect: PUBLIC(200) },
  'GET v1/pages/[slug]': { setup: async () => ({ params: { slug: 'about' } }), expect: PUBLIC(200) },
  'GET v1/push/config': { expect: PUBLIC(200) },
  'GET v1/request-types': { expect: PUBLIC(200) },
  // An opening's queue (docs/OPENING.md): each account's own place, no one else's to read.
  'POST v1/openings/[service]/queue': { setup: async () => ({ params: await queueOpen(), body: {} }), expect: { ...SIGNED_IN, 'another user': 201, owner: 201 } },
  'GET v1/openings/[service]/queue': { setup: async () => ({ params: await queueOpen() }), expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'DELETE v1/openings/[service]/queue': { setup: async () => ({ params: await queueOpen() }), expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'GET v1/office/openings/[service]': { setup: async () => ({ params: await queueOpen() }), expect: PUBLIC(401) },
  'POST v1/office/openings/[service]': { setup: async () => ({ params: await queueOpen(), body: { action: 'pause' } }), expect: PUBLIC(403) },
  'GET v1/notifications': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'POST v1/notifications/read-all': { setup: async () => ({ body: {} }), expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'POST v1/notifications/[id]/read': {
    setup: async (owner) => ({ params: { id: (await notificationsOf(owner.token)).items[0]!.id }, body: {} }),
    expect: { ...OWNER_ONLY, owner: 200 },
  },
  'GET v1/notifications/stream': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  // The back office's endpoint answers to its key (X-Ops-Key), never to a user's session.
  'POST v1/ops/requests/[id]/status': {
    setup: async (owner) => ({ params: { id: (await submittedRequest(owner.token)).id }, body: { status: 'under_review' } }),
    expect: PUBLIC(403),
  },
  'POST v1/ops/requests/[id]/payments': {
    setup: async (owner) => {
      const { id, fee } = await submittedRequest(owner.token);
      return { params: { id }, body: { amount_minor: fee, receipt_number: `M-${Date.now()}`, received_by: 'finance@office.example' } };
    },
    expect: PUBLIC(403),
  },
  // Staff are added with the ops key, never by a pilgrim's session.
  'POST v1/ops/staff': { body: () => ({ email: 'new.staff@office.example', name: 'New Staff', role: 'admin' }), expect: PUBLIC(403) },
  // The office console takes its own staff cookie only (office-authorization-matrix.test.ts has staff × roles):
  // a pilgrim's session opens nothing, and a change without proof of the console's own origin is refused first.
  'POST v1/office/auth/login': { expect: PUBLIC(403) },
  'POST v1/office/auth/code': { expect: PUBLIC(403) },
  'POST v1/office/auth/set-password': { expect: PUBLIC(403) },
  'POST v1/office/auth/logout': { expect: PUBLIC(403) },
  'GET v1/office/me': { expect: PUBLIC(401) },
  'GET v1/office/dashboard': { expect: PUBLIC(401) },
  'GET v1/office/requests': { expect: PUBLIC(401) },
  'GET v1/office/requests/[id]': { setup: async (owner) => ({ params: { id: (await submittedRequest(owner.token)).id } }), expect: PUBLIC(401) },
  'POST v1/office/requests/[id]/assign': { setup: async (owner) => ({ params: { id: (await submittedRequest(owner.token)).id }, body: { assign: 'me' } }), expect: PUBLIC(403) },
  'POST v1/office/requests/[id]/review': { setup: async (owner) => ({ params: { id: (await submittedRequest(owner.token)).id }, body: { status: 'cancelled', note: 'x' } }), expect: PUBLIC(403) },
  'POST v1/office/requests/[id]/payments': { setup: async (owner) => ({ params: { id: (await submittedRequest(owner.token)).id }, body: { amount_minor: 1, receipt_number: 'x' } }), expect: PUBLIC(403) },
  'POST v1/office/requests/[id]/notes': { setup: async (owner) => ({ params: { id: (await submittedRequest(owner.token)).id }, body: { body: 'x' } }), expect: PUBLIC(403) },
  'GET v1/office/documents/[id]': { setup: async (owner) => ({ params: { id: (await uploadedDocument(owner)).docId } }), expect: PUBLIC(401) },
  'GET v1/office/export': { expect: PUBLIC(401) },
  'GET v1/office/audit': { expect: PUBLIC(401) },
  'GET v1/office/catalogue': { expect: PUBLIC(401) },
  'GET v1/office/staff': { expect: PUBLIC(401) },
  'POST v1/office/staff': { body: () => ({ email: 'x@office.example', name: 'X Y', role: 'admin' }), expect: PUBLIC(403) },
  'PATCH v1/office/staff/[id]': { setup: async () => ({ params: { id: '00000000-0000-4000-8000-000000000000' }, body: { role: 'admin' } }), expect: PUBLIC(403) },
  'POST v1/office/staff/[id]/reset-two-factor': { setup: async () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }), expect: PUBLIC(403) },
  'PATCH v1/office/catalogue/[id]': { setup: async () => ({ params: { id: 'umrah' }, body: { fee_minor: 1 } }), expect: PUBLIC(403) },
  'POST v1/office/requests/[id]/package-refund': { setup: async (owner) => ({ params: { id: (await submittedRequest(owner.token)).id }, body: {} }), expect: PUBLIC(403) },
  'POST v1/office/requests/[id]/refund-approval': { setup: async (owner) => ({ params: { id: (await submittedRequest(owner.token)).id }, body: { decision: 'approve' } }), expect: PUBLIC(403) },
  'POST v1/office/requests/bulk': { setup: async (owner) => ({ body: { ids: [(await submittedRequest(owner.token)).id], action: 'release' } }), expect: PUBLIC(403) },
  'GET v1/office/saved-filters': { expect: PUBLIC(401) },
  'POST v1/office/saved-filters': { body: () => ({ name: 'Mine', query: 'view=mine' }), expect: PUBLIC(403) },
  'DELETE v1/office/saved-filters/[id]': { setup: async () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }), expect: PUBLIC(403) },
  'GET v1/office/calendar': { expect: PUBLIC(401) },
  'PUT v1/office/calendar': { body: () => ({ work_days: [0], holidays: [] }), expect: PUBLIC(403) },
  'GET v1/payments/[id]': { setup: async (owner) => ({ params: { id: await payment(owner, false) } }), expect: { ...OWNER_ONLY, owner: 200 } },
  // The return from the gateway without a session: whoever holds the checkout's id learns its status and amount, nothing more (payments.test.ts).
  'GET v1/payments/[id]/outcome': { setup: async (owner) => ({ params: { id: await payment(owner, false) } }), expect: PUBLIC(200) },
  'GET v1/payments/[id]/receipt': { setup: async (owner) => ({ params: { id: await payment(owner, true) } }), expect: { ...OWNER_ONLY, owner: 200 } },
  // A gateway's event proves itself by its signature; a session changes nothing.
  // Text messages go to files in the tests (no provider): a provider's receipt cannot be checked, so none is believed.
  'POST v1/webhooks/sms/[provider]': { setup: async () => ({ params: { provider: 'twilio' }, body: { MessageSid: 'SM0', MessageStatus: 'delivered' } }), expect: PUBLIC(403) },
  'POST v1/webhooks/payments/[provider]': { setup: async () => ({ params: { provider: 'test' }, body: { type: 'payment.paid', data: { id: 'tg_0' } } }), expect: PUBLIC(403) },
  'GET v1/requests': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'POST v1/requests': { setup: async () => ({ body: { type: 'umrah' } }), expect: { ...SIGNED_IN, 'another user': 201, owner: 201 } },
  'GET v1/requests/[id]': { setup: async (owner) => ({ params: { id: await draft(owner) } }), expect: { ...OWNER_ONLY, owner: 200 } },
  'PATCH v1/requests/[id]': {
    setup: async (owner) => ({ params: { id: await draft(owner) }, body: { step: 'service', data: SERVICE, version: 1 } }),
    expect: { ...OWNER_ONLY, owner: 200 },
  },
  'DELETE v1/requests/[id]': { setup: async (owner) => ({ params: { id: await draft(owner) } }), expect: { ...OWNER_ONLY, owner: 204 } },
  'POST v1/requests/[id]/cancel': { setup: async (owner) => ({ params: { id: (await submittedRequest(owner.token)).id }, body: {} }), expect: { ...OWNER_ONLY, owner: 200 } },
  'POST v1/requests/[id]/reopen': { setup: async (owner) => ({ params: { id: (await submittedRequest(owner.token)).id }, body: {} }), expect: { ...OWNER_ONLY, owner: 200 } },
  // Ownership is checked before the state: the owner's complete draft, its package not full, is a 409 (places left; not on a list),
  // another user's a 404 (reserve.test.ts has the owner's 200s, with a full package).
  'POST v1/requests/[id]/reserve': { setup: async (owner) => ({ params: { id: await completeDraft(owner) }, body: {} }), expect: { ...OWNER_ONLY, owner: 409 } },
  'DELETE v1/requests/[id]/reserve': { setup: async (owner) => ({ params: { id: await completeDraft(owner) } }), expect: { ...OWNER_ONLY, owner: 409 } },
  'POST v1/requests/[id]/submit': { setup: async (owner) => ({ params: { id: await completeDraft(owner) }, body: {} }), expect: { ...OWNER_ONLY, owner: 200 } },
  'POST v1/requests/[id]/payments': { setup: async (owner) => ({ params: { id: (await submittedRequest(owner.token)).id }, body: {} }), expect: { ...OWNER_ONLY, owner: 201 } },
  'POST v1/requests/[id]/documents': {
    setup: async (owner) => ({ params: { id: await draft(owner) }, form: { pilgrim: 'applicant', kind: 'photo', file: pngFile() } }),
    expect: { ...OWNER_ONLY, owner: 201 },
  },
  'DELETE v1/requests/[id]/documents/[docId]': { setup: async (owner) => ({ params: await uploadedDocument(owner) }), expect: { ...OWNER_ONLY, owner: 204 } },
  // Families (issue 42): the applicant invites and withdraws; the "owner" of a shared request is the companion who took it up.
  'POST v1/requests/[id]/pilgrims/[pilgrim]/invitation': {
    setup: async (owner) => ({ params: { id: await completeDraft(owner), pilgrim: 'companion-0' }, body: { email: 'companion.matrix@example.com' } }),
    expect: { ...OWNER_ONLY, owner: 201 },
  },
  'DELETE v1/requests/[id]/pilgrims/[pilgrim]/invitation': {
    setup: async (owner) => {
      const id = await completeDraft(owner);
      const invitation = await import('./requests/[id]/pilgrims/[pilgrim]/invitation/route');
      await call(invitation.POST, { token: owner.token, params: { id, pilgrim: 'companion-0' }, body: { email: 'companion.matrix@example.com' } });
      return { params: { id, pilgrim: 'companion-0' } };
    },
    expect: { ...OWNER_ONLY, owner: 204 },
  },
  // Sent to the owner's address: another account is refused (403), nothing taken up.
  'POST v1/invitations/accept': { setup: async (owner) => ({ body: { token: await invitationForOwner(owner) } }), expect: { 'signed out': 401, 'another user': 403, owner: 200 } },
  'GET v1/me/shared-requests': { expect: { ...SIGNED_IN, 'another user': 200, owner: 200 } },
  'GET v1/me/shared-requests/[id]': { setup: async (owner) => ({ params: { id: await sharedWithOwner(owner) } }), expect: { ...OWNER_ONLY, owner: 200 } },
  'PATCH v1/me/shared-requests/[id]': {
    setup: async (owner) => {
      const id = await sharedWithOwner(owner);
      const [row] = await queryRows<{ version: number }>(sql`select version from requests where id = ${id}`);
      return { params: { id }, body: { answers: companion(), version: Number(row!.version) } };
    },
    expect: { ...OWNER_ONLY, owner: 200 },
  },
  'DELETE v1/me/shared-requests/[id]': { setup: async (owner) => ({ params: { id: await sharedWithOwner(owner) } }), expect: { ...OWNER_ONLY, owner: 204 } },
  'POST v1/me/shared-requests/[id]/confirmation': { setup: async (owner) => ({ params: { id: await sharedWithOwner(owner) }, body: {} }), expect: { ...OWNER_ONLY, owner: 200 } },
  'POST v1/me/shared-requests/[id]/documents': { setup: async (owner) => ({ params: { id: await sharedWithOwner(owner) }, form: { kind: 'photo', file: pngFile() } }), expect: { ...OWNER_ONLY, owner: 201 } },
  // Any other address under /api/v1 is the API's JSON 404, for everyone.
  'GET v1/[...rest]': { setup: async () => ({ params: { rest: 'nothing' } }), expect: PUBLIC(404) },
  'POST v1/[...rest]': { setup: async () => ({ body: {} }), expect: PUBLIC(404) },
  'PATCH v1/[...rest]': { setup: async () => ({ body: {} }), expect: PUBLIC(404) },
  'PUT v1/[...rest]': { setup: async () => ({ body: {} }), expect: PUBLIC(404) },
  'DELETE v1/[...rest]': { expect: PUBLIC(404) },
  // Outside /api/v1: the health check and the build check answer everyone, the same.
  'GET health': { expect: PUBLIC(200) },
  'GET build': { expect: PUBLIC(200) },
  // The test gateway's checkout stands in for the gateway's own page: whoever holds the checkout's id pays, session or not.
  'POST test-gateway/[id]/pay': { setup: async (owner) => ({ params: { id: await gatewayCheckout(owner) }, body: { card_number: TEST_CARDS.success } }), expect: PUBLIC(200) },
};

async function endpoints() {
  const found: { key: string; handler: Handler; method: string }[] = [];
  for (const file of routeFiles()) {
    const mod = (await import(/* @vite-ignore */ path.join(API_DIR, file, 'route.ts'))) as Record<string, unknown>;
    for (const method of METHODS) {
      if (typeof mod[method] === 'function') found.push({ key: `${method} ${file}`, handler: mod[method] as Handler, method });
    }
  }
  return found;
}

async function hit(handler: Handler, method: string, token: string | undefined, request: Call) {
  if (request.form) {
    return (await upload(handler, request.form, { token, params: request.params })).status;
  }
  const options = { method, token, params: request.params, body: request.body, path: `/api/v1/matrix${request.query ?? ''}` };
  if (method === 'GET' && token) {
    // The live stream never ends by itself: take the status, then stop it.
    const controller = new AbortController();
    const headers = new Headers({ authorization: `Bearer ${token}`, accept: 'application/json' });
    const response = await handler(new Request('http://portal.test/api/v1/matrix', { headers, signal: controller.signal }), {
      params: Promise.resolve((request.params ?? {}) as never),
    });
    controller.abort();
    await response.body?.cancel().catch(() => {});
    return response.status;
  }
  return (await call(handler, options)).status;
}

describe('authorization matrix', async () => {
  const all = await endpoints();

  it('has an entry for every endpoint under app/api, and no entry without one', () => {
    expect(all.map((e) => e.key).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  for (const { key, handler, method } of all) {
    const entry = MATRIX[key];
    if (!entry) continue; // reported by the test above
    it(`${key}: ${Object.entries(entry.expect).map(([actor, status]) => `${actor} → ${status}`).join(', ')}`, async () => {
      const owner = await newUser();
      const stranger = await newUser('Omar Haddad');
      const request = (await entry.setup?.(owner)) ?? {};
      const seen: Record<Actor, number> = { 'signed out': 0, 'another user': 0, owner: 0 };
      // The owner goes last: some calls delete or change the resource.
      for (const [actor, token] of [['signed out', undefined], ['another user', stranger.token], ['owner', owner.token]] as const) {
        const body = entry.body ? entry.body(actor, owner) : request.body;
        seen[actor] = await hit(handler, method, token, { ...request, body });
      }
      expect(seen).toEqual(entry.expect);
    });
  }
});

// Who may start a payment on a request they do not own (issue 42, item 4): a companion who took up the
// invitation, and nobody else on its way there (an invitation not yet taken up gives no right to the request).
describe('authorization matrix: paying for a shared request', () => {
  it('POST v1/requests/[id]/payments: companion who took up the invitation → 201, invited but not accepted → 404', async () => {
    const pay = (await import('./requests/[id]/payments/route')).POST;
    const submit = (await import('./requests/[id]/submit/route')).POST;
    const invitation = (await import('./requests/[id]/pilgrims/[pilgrim]/invitation/route')).POST;
    const accept = (await import('./invitations/accept/route')).POST;
    const organiser = await newUser('Organiser Matrix');
    // The second request from an organiser of its own: an account holds one unpaid request per service (issue 58, item 2).
    const secondOrganiser = await newUser('Organiser Matrix');
    const companionUser = await newUser('Mohammed Rahman');
    const invited = await newUser('Yusuf Karim');

    // One request, its companion invited but not accepted: the request is not theirs to see, so not theirs to pay.
    const notTakenUp = await completeDraft(organiser);
    expect((await call(invitation, { token: organiser.token, params: { id: notTakenUp, pilgrim: 'companion-0' }, body: { email: invited.user.email } })).status).toBe(201);
    expect((await call(submit, { token: organiser.token, params: { id: notTakenUp }, body: {} })).status).toBe(200);
    expect((await call(pay, { token: invited.token, params: { id: notTakenUp }, body: {} })).status).toBe(404);

    // Another, its companion's invitation taken up: they may pay.
    const takenUp = await completeDraft(secondOrganiser);
    expect((await call(invitation, { token: secondOrganiser.token, params: { id: takenUp, pilgrim: 'companion-0' }, body: { email: companionUser.user.email } })).status).toBe(201);
    expect((await call(accept, { token: companionUser.token, body: { token: await invitationTokenFor(companionUser.user.email) } })).status).toBe(200);
    expect((await call(submit, { token: secondOrganiser.token, params: { id: takenUp }, body: {} })).status).toBe(200);
    expect((await call(pay, { token: companionUser.token, params: { id: takenUp }, body: {} })).status).toBe(201);
  });
});
