import { z } from 'zod';
import { changeEmailSchema, emailPreferencesSchema, forgotPasswordSchema, resetPasswordSchema, verifyCodeSchema, verifyTokenSchema } from '@/lib/auth/recovery-schemas';
import { googleLinkSchema, loginSchema, logoutSchema, passwordChangeSchema, profileSchema, registerSchema, socialSignInSchema } from '@/lib/auth/schemas';
import { listNotificationsSchema } from '@/lib/notifications/api-schemas';
import { mobileCodeSchema, mobileSchema } from '@/lib/auth/mobile-schemas';
import { smsPreferencesSchema } from '@/lib/auth/sms-preferences-schema';
import { registerDeviceSchema, renewDeviceSchema } from '@/lib/push/schemas';
import { acceptInvitationSchema, createRequestSchema, inviteCompanionSchema, listRequestsSchema, officeMoveSchema, saveSharedAnswersSchema, saveStepSchema, startPaymentSchema } from '@/lib/requests/api-schemas';
import { uploadDocumentSchema, uploadSharedDocumentSchema } from '@/lib/requests/document-schema';
import { testGatewayPaySchema } from '@/lib/payments/test-gateway-schema';
import { addStaffSchema, staffCodeSchema, staffLoginSchema, staffSetPasswordSchema } from '@/lib/office/schemas';
import { assignSchema, auditQuerySchema, bulkSchema, catalogueChangeSchema, counterPaymentSchema, openingControlSchema, exportQuerySchema, noteSchema, officeCalendarSchema, opsCounterPaymentSchema, officeReviewSchema, packageRefundSchema, queueQuerySchema, refundApprovalSchema, savedFilterSchema, staffChangeSchema } from '@/lib/office/queue-schemas';
import * as e from '@/lib/contract';

// Every operation of the API, once: what it takes (the handlers' own zod
// schemas), what it answers (lib/contract), the errors it can give, and an
// example. document.ts turns this into OpenAPI 3.1; openapi.test.ts fails
// when a route exists that is missing here, or an example does not validate.

export type Auth = 'none' | 'session' | 'optional' | 'ops' | 'signature' | 'link' | 'staff';
type Body = {
  schema: z.ZodType;
  types?: ('application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded')[];
  example?: unknown;
  /** Every field may be left out (PATCH /me changes the fields sent): no `required` list. */
  partial?: boolean;
  /** The handler answers success to no body at all: `requestBody.required` is false (app/api/v1/request-bodies.test.ts). */
  optional?: boolean;
};
type Success = { status: number; description: string; schema?: z.ZodType; contentType?: string; example?: unknown };

export type Operation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  auth: Auth;
  params?: Record<string, string>;
  query?: z.ZodType;
  body?: Body;
  success: Success[];
  /** The error statuses it can give, beyond those every operation can (400, 413, 415 for a body; 429; 500; 503). */
  errors: number[];
};

const ID = { id: 'The request’s id (a UUID)' };
const SERVICE = { service: 'The service (hajj, umrah)' };
const queuePlaceExample = {
  service: 'hajj',
  opening: { opens_at: '2027-02-01T07:00:00.000Z', queue_opens_at: '2027-02-01T06:30:00.000Z', admit_per_minute: 200, send_window_minutes: 15, state: 'admitting', paused: false, ended_reason: null },
  state: 'waiting', position: 412, ahead: 411, waiting_for_draw: null, estimated_admission_at: '2027-02-01T07:02:04.000Z', joined_at: '2027-02-01T06:41:09.000Z', send_by: null, poll_after_s: 41,
  draft: { id: '7d1c2f4e-2b9a-4c1d-8e0f-3a5b6c7d8e9f', missing_steps: ['documents', 'review', 'declaration'] },
};
const json = (schema: z.ZodType, example?: unknown): Body => ({ schema, types: ['application/json', 'application/x-www-form-urlencoded'], example });
const data = (schema: z.ZodType) => e.envelope(schema);
const noContent = (description: string): Success => ({ status: 204, description });

const userExample = { id: '0b6f3c1e-6a53-4a57-9d3c-1f6f6f0a1b2c', name: 'Aisha Rahman', email: 'aisha@example.com', email_verified: true, phone: '+966501234567', mobile_confirmed: true, locale: 'ar', created_at: '2026-11-20T09:30:00.000Z' };
const summaryExample = {
  id: '5d0e8b0a-9a4c-4d2b-8f57-2f6a5c1f0e11',
  money: { state: 'unpaid', currency: 'SAR', fee_minor: 3_000_000, paid_minor: 0, refunded_minor: 0, refunding_minor: 0, outstanding_minor: 3_000_000, refund_due_minor: 0, next_due: { part: 'full', amount_minor: 3_000_000, due_at: '2026-11-27T11:00:00.000Z' } },
  reference: 'HJ-1448-000123', type: 'hajj', status: 'pending_payment', step: 'declaration',
  completed_steps: ['service', 'applicant', 'companions', 'documents', 'review', 'declaration'], steps_total: 6, pilgrims: 2, applicant_name: 'Aisha Rahman',
  fee_minor: 3_000_000, fee_pilgrims: 2, currency: 'SAR', version: 9, created_at: '2026-11-20T09:30:00.000Z', updated_at: '2026-11-24T11:00:00.000Z',
  submitted_at: '2026-11-24T11:00:00.000Z', pay_by: '2026-11-27T11:00:00.000Z', reserve_position: null,
};

const invitationExample = {
  pilgrim: 'companion-0', pilgrim_id: '3f2b8c1e-5d4a-4e6f-9a7b-0c1d2e3f4a5b', email: 'omar@example.com', state: 'accepted', invited_at: '2026-11-20T10:00:00.000Z', expires_at: '2026-12-04T10:00:00.000Z',
  confirmed_at: '2026-11-21T08:15:00.000Z', edited_at: null, edited_fields: [],
};
const sharedExample = {
  id: summaryExample.id, money: null, reference: null, type: 'hajj', status: 'draft', pilgrims: 2, submitted_at: null, pay_by: null, updated_at: '2026-11-21T08:15:00.000Z', version: 7,
  pilgrim: 'companion-0', organiser_name: 'Aisha Rahman', confirmed_at: null,
};

export const OPERATIONS: Operation[] = [
  // Accounts
  { method: 'post', path: '/api/v1/auth/register', tag: 'Accounts', auth: 'none', summary: 'Create an account and sign it in (from another site: 403)',
    body: json(registerSchema, { name: 'Aisha Rahman', email: 'aisha@example.com', password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' }),
    success: [{ status: 201, description: 'Signed in', schema: e.signedIn, example: { data: userExample, token: 'opaque-session-token' } }], errors: [403, 422] },
  { method: 'post', path: '/api/v1/auth/login', tag: 'Accounts', auth: 'none', summary: 'Sign in with e-mail and password (wrong credentials: 422)',
    body: json(loginSchema, { email: 'aisha@example.com', password: 'Labbaik#2026' }), success: [{ status: 200, description: 'Signed in', schema: e.signedIn }], errors: [403, 422] },
  { method: 'post', path: '/api/v1/auth/social', tag: 'Accounts', auth: 'none', summary: 'Sign in with Google (a Firebase ID token): 201 for a new account',
    body: json(socialSignInSchema, { provider: 'google', id_token: 'header.payload.signature' }),
    success: [{ status: 200, description: 'Signed in', schema: e.signedIn }, { status: 201, description: 'Account created and signed in', schema: e.signedIn }], errors: [403, 404, 409, 422] },
  { method: 'post', path: '/api/v1/auth/logout', tag: 'Accounts', auth: 'session', summary: 'End this session (and stop push to the device given)',
    body: { ...json(logoutSchema, { device_token: 'wp_3f9c' }), optional: true }, success: [noContent('Signed out; the cookie is cleared')], errors: [401, 403] },
  { method: 'post', path: '/api/v1/auth/verify-email', tag: 'Accounts', auth: 'optional', summary: 'Confirm the address: {token} from the link, or {code} typed while signed in',
    body: json(z.union([verifyTokenSchema, verifyCodeSchema]), { code: '123456' }), success: [{ status: 200, description: 'Confirmed', schema: data(e.publicUser) }], errors: [401, 422] },
  { method: 'post', path: '/api/v1/auth/verify-email/resend', tag: 'Accounts', auth: 'session', summary: 'A new confirmation link and code (3 an hour)',
    success: [noContent('Sent')], errors: [401, 409] },
  { method: 'post', path: '/api/v1/auth/forgot-password', tag: 'Accounts', auth: 'none', summary: 'E-mail a reset link when the address has an account (the same answer either way)',
    body: json(forgotPasswordSchema, { email: 'aisha@example.com' }), success: [{ status: 202, description: 'Sent if registered', schema: data(z.object({ status: z.literal('sent_if_registered') })) }], errors: [422] },
  { method: 'post', path: '/api/v1/auth/reset-password', tag: 'Accounts', auth: 'link', summary: 'Set a new password with the link’s token; every other session ends',
    body: json(resetPasswordSchema, { token: 'x'.repeat(43), password: 'Labbaik#2027!', password_confirmation: 'Labbaik#2027!' }), success: [{ status: 200, description: 'Signed in', schema: e.signedIn }], errors: [422] },
  { method: 'get', path: '/api/v1/me', tag: 'Account', auth: 'session', summary: 'The signed-in user', success: [{ status: 200, description: 'The user', schema: data(e.publicUser), example: { data: userExample } }], errors: [401] },
  { method: 'patch', path: '/api/v1/me', tag: 'Account', auth: 'session', summary: 'Change the fields sent among name, phone and locale',
    body: { ...json(profileSchema, { name: 'Aisha Rahman', phone: '+966 50 123 4567' }), partial: true, optional: true }, success: [{ status: 200, description: 'The user', schema: data(e.publicUser) }], errors: [401, 422] },
  { method: 'delete', path: '/api/v1/me', tag: 'Account', auth: 'session', summary: 'Delete the account and end its sessions', success: [noContent('Deleted')], errors: [401, 403, 409] },
  { method: 'post', path: '/api/v1/me/password', tag: 'Account', auth: 'session', summary: 'Change the password; every other session ends',
    body: json(passwordChangeSchema, { current_password: 'Labbaik#2026', password: 'Labbaik#2027!', password_confirmation: 'Labbaik#2027!' }), success: [noContent('Changed')], errors: [401, 422] },
  { method: 'post', path: '/api/v1/me/email', tag: 'Account', auth: 'session', summary: 'Send a link to a new address, which replaces the old one when followed',
    body: json(changeEmailSchema, { email: 'aisha.new@example.com', current_password: 'Labbaik#2026' }), success: [{ status: 202, description: 'Link sent', schema: data(e.pendingEmail) }], errors: [401, 422] },
  { method: 'get', path: '/api/v1/me/email-preferences', tag: 'Account', auth: 'session', summary: 'Which notification e-mails go out',
    success: [{ status: 200, description: 'Preferences', schema: data(e.emailPreferences), example: { data: { requests: true, payments: true } } }], errors: [401] },
  { method: 'put', path: '/api/v1/me/email-preferences', tag: 'Account', auth: 'session', summary: 'Turn notification e-mails on or off (account and security e-mails always go)',
    body: json(emailPreferencesSchema, { requests: true, payments: false }), success: [{ status: 200, description: 'Preferences', schema: data(e.emailPreferences) }], errors: [401, 422] },
  { method: 'post', path: '/api/v1/me/mobile', tag: 'Account', auth: 'session', summary: 'Make {mobile} the account’s number (unconfirmed when it changed) and text it a 6-digit code for 10 minutes; the last code dies. 3 codes an hour per account and per number (429); a number already confirmed: 409',
    body: json(mobileSchema, { mobile: '050 123 4567' }), success: [{ status: 200, description: 'Code sent', schema: data(e.mobileCodeSent), example: { data: { phone: '+966501234567', mobile_confirmed: false, code_expires_at: '2026-12-02T12:10:00.000Z' } } }], errors: [401, 409, 422] },
  { method: 'post', path: '/api/v1/me/mobile/confirm', tag: 'Account', auth: 'session', summary: 'Confirm the number with the code texted to it (either digit style); wrong, expired or for another number: 422; 5 tries per code',
    body: json(mobileCodeSchema, { code: '123456' }), success: [{ status: 200, description: 'Confirmed', schema: data(e.publicUser) }], errors: [401, 422] },
  { method: 'get', path: '/api/v1/me/sms-preferences', tag: 'Account', auth: 'session', summary: 'Which notices also go by text message, per kind (all on by default; only to a confirmed number)',
    success: [{ status: 200, description: 'Preferences', schema: data(e.smsPreferences), example: { data: { place_offered: true, opening_turn: true, payment_due: true, decision: true, changes_requested: false } } }], errors: [401] },
  { method: 'put', path: '/api/v1/me/sms-preferences', tag: 'Account', auth: 'session', summary: 'Turn each kind of text message on or off',
    body: json(smsPreferencesSchema, { place_offered: true, opening_turn: true, payment_due: true, decision: true, changes_requested: false }), success: [{ status: 200, description: 'Preferences', schema: data(e.smsPreferences) }], errors: [401, 422] },
  { method: 'get', path: '/api/v1/me/needs-doing', tag: 'Account', auth: 'session', summary: 'What needs doing: payments due, changes asked for, instalments coming due, drafts (one call)',
    success: [{ status: 200, description: 'What needs doing', schema: data(e.needsDoing), example: { data: { count: 1, awaiting_payment: [summaryExample], changes_requested: [], instalments_due: [], reserved: [], drafts: [] } } }], errors: [401] },
  { method: 'get', path: '/api/v1/me/sessions', tag: 'Account', auth: 'session', summary: 'Where the account is signed in', success: [{ status: 200, description: 'Sessions, this one first', schema: data(z.array(e.accountSession)) }], errors: [401] },
  { method: 'delete', path: '/api/v1/me/sessions/{id}', tag: 'Account', auth: 'session', params: { id: 'A session of this account' }, summary: 'Sign that device out', success: [noContent('Signed out')], errors: [401, 404] },
  { method: 'get', path: '/api/v1/me/sessions/current', tag: 'Account', auth: 'session', summary: 'When this session ends unless used again (30 days after its last use, 90 after sign-in), for the warning before it does',
    success: [{ status: 200, description: 'This session’s end', schema: data(e.sessionEnd), example: { data: { id: '3f2a9c4e-1b7d-4e8a-9c0f-5d6e7f8a9b0c', ends_at: '2027-02-28T09:30:00.000Z', seconds_left: 7776000 } } }], errors: [401] },
  { method: 'post', path: '/api/v1/me/sessions/renew', tag: 'Account', auth: 'session', summary: '"Stay signed in": this session starts again under a new token and the old one stops working; sets the session cookie (from another site: 403)',
    success: [{ status: 200, description: 'Renewed', schema: e.renewedSession, example: { data: { id: '3f2a9c4e-1b7d-4e8a-9c0f-5d6e7f8a9b0c', ends_at: '2027-02-28T09:30:00.000Z', seconds_left: 7776000 }, token: 'k3Jx9…' } }], errors: [401, 403] },
  { method: 'post', path: '/api/v1/me/sessions/revoke-others', tag: 'Account', auth: 'session', summary: 'Sign out every other session', success: [noContent('Done')], errors: [401] },
  { method: 'get', path: '/api/v1/me/google', tag: 'Account', auth: 'session', summary: 'Whether Google is linked', success: [{ status: 200, description: 'Link state', schema: data(e.googleLink) }], errors: [401] },
  { method: 'post', path: '/api/v1/me/google', tag: 'Account', auth: 'session', summary: 'Link a Google account (409 when linked to another)',
    body: json(googleLinkSchema, { id_token: 'header.payload.signature' }), success: [{ status: 200, description: 'Link state', schema: data(e.googleLink) }], errors: [401, 404, 409, 422] },
  { method: 'delete', path: '/api/v1/me/google', tag: 'Account', auth: 'session', summary: 'Unlink Google (409 while the account has no password)', success: [{ status: 200, description: 'Link state', schema: data(e.googleLink) }], errors: [401, 404, 409] },
  // Requests
  { method: 'get', path: '/api/v1/request-types', tag: 'Requests', auth: 'none', summary: 'The services on offer: each package’s fee, the season (for Hajj when applications close and its days, 8-13 Dhu al-Hijjah), companion limit, packages and the places left in each',
    success: [{ status: 200, description: 'Services', schema: data(z.array(e.requestTypeInfo)) }], errors: [] },
  // Openings (issue 59, docs/OPENING.md)
  { method: 'post', path: '/api/v1/openings/{service}/queue', tag: 'Openings', auth: 'session', params: SERVICE,
    summary: 'Join the service’s opening queue (a confirmed address; once the queue is open, 409 before it and after it ended). Those who join before opens_at are put in a random order at opens_at; later arrivals queue behind them in order of arrival. One place per account: joining again, from any tab or device, answers the same place (200); a place that passed or left joins again at the back. Joining needs no complete draft: `draft` says what the latest one still needs',
    body: { ...json(z.object({})), optional: true },
    success: [{ status: 201, description: 'Joined', schema: data(e.queuePlace), example: { data: queuePlaceExample } }, { status: 200, description: 'Already in the queue: the same place', schema: data(e.queuePlace) }], errors: [401, 403, 404, 409] },
  { method: 'get', path: '/api/v1/openings/{service}/queue', tag: 'Openings', auth: 'session', params: SERVICE,
    summary: 'The pilgrim’s place (state not_joined when none): position, how many are ahead, the estimated admission, send_by once admitted, and poll_after_s, when to ask again (one round trip to the queue)',
    success: [{ status: 200, description: 'The place', schema: data(e.queuePlace), example: { data: { ...queuePlaceExample, draft: undefined } } }], errors: [401, 404] },
  { method: 'delete', path: '/api/v1/openings/{service}/queue', tag: 'Openings', auth: 'session', params: SERVICE, summary: 'Leave the queue (those behind move up); joining again queues at the back',
    success: [{ status: 200, description: 'The place, left', schema: data(e.queuePlace) }], errors: [401, 404] },
  { method: 'get', path: '/api/v1/requests', tag: 'Requests', auth: 'session', summary: 'The user’s requests, newest first (drafts only with status=draft)', query: listRequestsSchema,
    success: [{ status: 200, description: 'A page of requests', schema: e.requestsPage, example: { data: [summaryExample], meta: { page: 1, per_page: 10, total: 1, total_pages: 1 } } }], errors: [401, 422] },
  { method: 'post', path: '/api/v1/requests', tag: 'Requests', auth: 'session', summary: 'Start a draft (409 while the office is not taking applications for the service)', body: json(createRequestSchema, { type: 'hajj' }),
    success: [{ status: 201, description: 'The draft', schema: data(e.requestDetails) }], errors: [401, 409, 422] },
  { method: 'get', path: '/api/v1/requests/{id}', tag: 'Requests', auth: 'session', params: ID, summary: 'A request: answers, documents, payments, history', success: [{ status: 200, description: 'The request', schema: data(e.requestDetails) }], errors: [401, 404] },
  { method: 'patch', path: '/api/v1/requests/{id}', tag: 'Requests', auth: 'session', params: ID, summary: 'Save a step’s answers (autosave), checked when complete; a stale version: 409 with the latest',
    body: json(saveStepSchema, { step: 'service', data: { package: 'standard', travel_month: '09-1448' }, version: 1, complete: true }),
    success: [{ status: 200, description: 'Saved', schema: data(e.requestSummary) }], errors: [401, 404, 409, 422] },
  { method: 'delete', path: '/api/v1/requests/{id}', tag: 'Requests', auth: 'session', params: ID, summary: 'Delete a draft', success: [noContent('Deleted')], errors: [401, 404, 409] },
  { method: 'post', path: '/api/v1/requests/{id}/submit', tag: 'Requests', auth: 'session', params: ID,
    summary: 'Send it: a draft gets its reference and fee, holds one place per pilgrim in its package until its pay-by time, and awaits payment; changes asked for go back to the office keeping their places. The pay-by time is set once, when places are first held: a draft reopened from payment and sent again while they are held keeps it (and its reminder); once it has lapsed, its places were given back and are taken anew with a fresh one. Too few places left: 409 sold_out, the draft unchanged. The account already holds another unpaid request of the service (awaiting payment, on the reserve list, or reopened and still holding places): 409 conflict, whose message names its reference. A passport of its pilgrims (number and nationality) is on another live request or reserve-list place of the service, any account’s: 409 conflict, whose message names no one else’s data',
    success: [{ status: 200, description: 'Sent', schema: data(e.requestSummary), example: { data: summaryExample } }], errors: [401, 403, 404, 409, 422] },
  { method: 'post', path: '/api/v1/requests/{id}/cancel', tag: 'Requests', auth: 'session', params: ID, summary: 'Withdraw a request before review (a fee paid is refunded)', success: [{ status: 200, description: 'Cancelled', schema: data(e.requestSummary) }], errors: [401, 404, 409] },
  { method: 'post', path: '/api/v1/requests/{id}/reopen', tag: 'Requests', auth: 'session', params: ID, summary: 'Back to a draft before paying (its checkout is voided); its places stay held until the pay-by time it had, which sending it again in time keeps', success: [{ status: 200, description: 'A draft again', schema: data(e.requestSummary) }], errors: [401, 404, 409] },
  { method: 'post', path: '/api/v1/requests/{id}/reserve', tag: 'Requests', auth: 'session', params: ID,
    summary: 'Join the package’s reserve list: a draft, complete as for sending, whose package has too few places left for its pilgrims (as after 409 sold_out). It becomes reserved, with reserve_position; places given back are offered down the list in the order joined, each to the first request that fits, which moves to pending_payment with a fresh pay-by time. Places left for it: 409. As for sending, 409 conflict when the account already holds an unpaid or reserved request of the service (named), or a passport of its pilgrims is on another live request or reserve-list place of the service',
    success: [{ status: 200, description: 'On the list', schema: data(e.requestSummary), example: { data: { ...summaryExample, status: 'reserved', money: null, fee_minor: null, fee_pilgrims: null, currency: null, submitted_at: null, pay_by: null, reserve_position: 3 } } }], errors: [401, 403, 404, 409, 422] },
  { method: 'delete', path: '/api/v1/requests/{id}/reserve', tag: 'Requests', auth: 'session', params: ID, summary: 'Leave the reserve list: a draft again; those behind close up', success: [{ status: 200, description: 'A draft again', schema: data(e.requestSummary) }], errors: [401, 404, 409] },
  { method: 'post', path: '/api/v1/requests/{id}/documents', tag: 'Requests', auth: 'session', params: ID, summary: 'Upload a passport scan or photo (checked by content) for a pilgrim: applicant, companion-<n> (whoever is at that place now) or a companion’s pilgrim_id; it is kept against that person',
    body: { schema: uploadDocumentSchema, types: ['multipart/form-data'] }, success: [{ status: 201, description: 'Stored', schema: data(e.requestDocument) }], errors: [401, 404, 409, 422] },
  { method: 'delete', path: '/api/v1/requests/{id}/documents/{docId}', tag: 'Requests', auth: 'session', params: { ...ID, docId: 'The document’s id' }, summary: 'Remove an uploaded document', success: [noContent('Removed')], errors: [401, 404, 409] },
  // Families (issue 42)
  { method: 'post', path: '/api/v1/requests/{id}/pilgrims/{pilgrim}/invitation', tag: 'Families', auth: 'session', params: { ...ID, pilgrim: 'The companion: companion-0, companion-1, … (whoever is at that place in the answers now) or their pilgrim_id' },
    summary: 'Invite an adult companion by e-mail to their own part of the request (the applicant only, with a confirmed address). A new invitation replaces the one before. A child, or a companion without a date of birth, is refused on email (422)',
    body: json(inviteCompanionSchema, { email: 'omar@example.com' }),
    success: [{ status: 201, description: 'Invited; the e-mail is on its way', schema: data(e.companionInvitation), example: { data: invitationExample } }], errors: [401, 403, 404, 409, 422] },
  { method: 'delete', path: '/api/v1/requests/{id}/pilgrims/{pilgrim}/invitation', tag: 'Families', auth: 'session', params: { ...ID, pilgrim: 'The companion: companion-0, companion-1, … (whoever is at that place in the answers now) or their pilgrim_id' },
    summary: 'Withdraw the invitation: its link stops working, an accepted companion sees the request no more, and a checkout they had open on it is voided', success: [noContent('Withdrawn')], errors: [401, 404] },
  { method: 'post', path: '/api/v1/invitations/accept', tag: 'Families', auth: 'session', summary: 'Take up an invitation with the token of its link: only an account with the address it was sent to (another: 403); a used, withdrawn or expired link: 404',
    body: json(acceptInvitationSchema, { token: 'opaque-invitation-token' }),
    success: [{ status: 200, description: 'On the request', schema: data(e.invitationAccepted), example: { data: { request_id: summaryExample.id, status: 'draft' } } }], errors: [401, 403, 404, 409, 422] },
  { method: 'get', path: '/api/v1/me/shared-requests', tag: 'Families', auth: 'session', summary: 'Requests I am on: the requests the user is on as an invited companion',
    success: [{ status: 200, description: 'The requests', schema: data(e.sharedRequests), example: { data: { items: [sharedExample] } } }], errors: [401] },
  { method: 'get', path: '/api/v1/me/shared-requests/{id}', tag: 'Families', auth: 'session', params: ID, summary: 'The request’s state and the companion’s own answers and documents (never another pilgrim’s)',
    success: [{ status: 200, description: 'The companion’s part', schema: data(e.sharedRequest) }], errors: [401, 404] },
  { method: 'patch', path: '/api/v1/me/shared-requests/{id}', tag: 'Families', auth: 'session', params: ID,
    summary: 'Correct one’s own answers while the request is a draft or changes are asked (else 409), at the version read (else 409 with the part as it is now); checked as the companions step checks them',
    body: json(saveSharedAnswersSchema, { answers: { passport_number: 'A1234567' }, version: 4 }),
    success: [{ status: 200, description: 'Saved', schema: data(e.sharedRequest) }], errors: [401, 404, 409, 422] },
  { method: 'delete', path: '/api/v1/me/shared-requests/{id}', tag: 'Families', auth: 'session', params: ID, summary: 'Leave the request: the companion sees it no more, and a checkout they had open on it is voided', success: [noContent('Left')], errors: [401, 404] },
  { method: 'post', path: '/api/v1/me/shared-requests/{id}/confirmation', tag: 'Families', auth: 'session', params: ID, summary: '“These details are mine and correct”, for the answers as they read now (a later change undoes it)',
    success: [{ status: 200, description: 'Confirmed', schema: data(e.sharedRequest) }], errors: [401, 404] },
  { method: 'post', path: '/api/v1/me/shared-requests/{id}/documents', tag: 'Families', auth: 'session', params: ID, summary: 'Upload one’s own passport scan or photo (checked by content) while the request can be changed',
    body: { schema: uploadSharedDocumentSchema, types: ['multipart/form-data'] }, success: [{ status: 201, description: 'Stored', schema: data(e.requestDocument) }], errors: [401, 404, 409, 422] },
  { method: 'get', path: '/api/v1/documents/{id}', tag: 'Requests', auth: 'session', params: { id: 'The document’s id' }, summary: 'Download a document (owner only; the cookie works here)',
    success: [{ status: 200, description: 'The file', contentType: 'application/octet-stream' }], errors: [401, 404] },
  { method: 'get', path: '/api/v1/documents/{id}/thumbnail', tag: 'Requests', auth: 'session', params: { id: 'The document’s id' }, summary: 'A small JPEG of a document, at most 240 pixels a side: an image shrunk, or a PDF’s first page (owner only; the cookie works here). 404 also when none can be drawn',
    success: [{ status: 200, description: 'The thumbnail', contentType: 'image/jpeg' }], errors: [401, 404] },
  // Payments
  { method: 'post', path: '/api/v1/requests/{id}/payments', tag: 'Payments', auth: 'session', params: ID,
    summary: 'Open a checkout for the request’s fee or one part of it (the amount is the server’s; docs/INSTALMENTS.md): `full`, `deposit` while the service offers a plan (409 plan_not_offered once its dates are too near), or an instalment once the deposit is paid; left out, the whole fee, then the next instalment owed. By the applicant or a companion who accepted an invitation (anyone else: 404). A part already paid: 409 already_paid',
    body: { ...json(startPaymentSchema, { part: 'deposit' }), optional: true }, success: [{ status: 201, description: 'The payment, with redirect_url', schema: data(e.payment) }], errors: [401, 403, 404, 409, 422] },
  { method: 'get', path: '/api/v1/payments/{id}', tag: 'Payments', auth: 'session', params: { id: 'The payment’s id' }, summary: 'The payment’s status, verified with the gateway while open', success: [{ status: 200, description: 'The payment', schema: data(e.payment) }], errors: [401, 404] },
  { method: 'get', path: '/api/v1/payments/{id}/outcome', tag: 'Payments', auth: 'none', params: { id: 'The payment’s id (the checkout’s own, in the return address)' },
    summary: 'What became of a checkout, without a session: for a payer back from the gateway on another host or signed out. Only the status and the amount, verified with the gateway while open; the id is random and known only to whoever started the checkout',
    success: [{ status: 200, description: 'The outcome', schema: data(e.paymentOutcome) }], errors: [404] },
  { method: 'get', path: '/api/v1/payments/{id}/receipt', tag: 'Payments', auth: 'session', params: { id: 'The payment’s id' }, summary: 'The receipt of a paid payment (PDF), for the request’s applicant and for the payer while they are on the request (a companion withdrawn, removed or gone: 404)',
    success: [{ status: 200, description: 'The receipt', contentType: 'application/pdf' }], errors: [401, 404, 409] },
  { method: 'post', path: '/api/v1/webhooks/payments/{provider}', tag: 'Payments', auth: 'signature', params: { provider: 'The gateway (test, moyasar)' }, summary: 'A gateway’s signed event (forged: 403, nothing changes)',
    body: { schema: e.looseObject, types: ['application/json'] }, success: [noContent('Recorded')], errors: [403, 404] },
  { method: 'post', path: '/api/v1/webhooks/sms/{provider}', tag: 'Notifications', auth: 'signature', params: { provider: 'The SMS provider in use (unifonic, twilio)' }, summary: 'An SMS provider’s delivery receipt: Twilio’s signed status callback, Unifonic’s DLR with our secret (?key=); forged: 403, nothing changes; a replay changes nothing',
    body: { schema: e.looseObject, types: ['application/x-www-form-urlencoded', 'application/json'] }, success: [noContent('Recorded')], errors: [403, 404] },
  // Notifications and push
  { method: 'get', path: '/api/v1/notifications', tag: 'Notifications', auth: 'session', summary: 'Notifications, newest first, with the unread count', query: listNotificationsSchema,
    success: [{ status: 200, description: 'A page', schema: e.notificationsPage }], errors: [401, 422] },
  { method: 'post', path: '/api/v1/notifications/{id}/read', tag: 'Notifications', auth: 'session', params: { id: 'The notification’s id' }, summary: 'Mark one read',
    success: [{ status: 200, description: 'The notification', schema: e.notificationRead }], errors: [401, 404] },
  { method: 'post', path: '/api/v1/notifications/read-all', tag: 'Notifications', auth: 'session', summary: 'Mark all read',
    success: [{ status: 200, description: 'How many', schema: e.allNotificationsRead }], errors: [401] },
  { method: 'get', path: '/api/v1/notifications/stream', tag: 'Notifications', auth: 'session', summary: 'Server-sent events: new notifications and the unread count',
    success: [{ status: 200, description: 'An event stream', contentType: 'text/event-stream' }], errors: [401] },
  { method: 'get', path: '/api/v1/push/config', tag: 'Notifications', auth: 'none', summary: 'What a browser needs to subscribe to push', success: [{ status: 200, description: 'Settings', schema: data(e.pushConfig) }], errors: [] },
  { method: 'get', path: '/api/v1/devices', tag: 'Notifications', auth: 'session', summary: 'The browsers that receive push messages', success: [{ status: 200, description: 'Devices', schema: data(z.array(e.listedPushDevice)) }], errors: [401] },
  { method: 'post', path: '/api/v1/devices', tag: 'Notifications', auth: 'session', summary: 'This browser receives push messages from now on',
    body: json(registerDeviceSchema, { provider: 'fcm', token: 'fcm-registration-token' }), success: [{ status: 201, description: 'Registered', schema: data(e.pushDevice) }], errors: [401, 409, 422] },
  { method: 'patch', path: '/api/v1/devices/{token}', tag: 'Notifications', auth: 'session', params: { token: 'The device’s token' }, summary: 'The weekly renewal (a new subscription, if the browser made one)', body: { ...json(renewDeviceSchema, {}), optional: true },
    success: [{ status: 200, description: 'Renewed', schema: data(e.pushDevice) }], errors: [401, 404, 422] },
  { method: 'delete', path: '/api/v1/devices/{token}', tag: 'Notifications', auth: 'session', params: { token: 'The device’s token' }, summary: 'Push switched off on that browser', success: [noContent('Removed')], errors: [401, 404] },
  // Content
  { method: 'get', path: '/api/v1/faqs', tag: 'Content', auth: 'none', summary: 'The FAQs in the reader’s language', success: [{ status: 200, description: 'FAQs, grouped', schema: data(z.array(e.faqGroup)) }], errors: [] },
  { method: 'get', path: '/api/v1/pages/{slug}', tag: 'Content', auth: 'none', params: { slug: 'about, terms, privacy or contact' }, summary: 'A static page in the reader’s language', success: [{ status: 200, description: 'The page', schema: data(e.staticPage) }], errors: [404] },
  // Operator
  { method: 'post', path: '/api/v1/ops/requests/{id}/status', tag: 'Operator', auth: 'ops', params: { id: 'The request’s id or reference' }, summary: 'The office moves a request (X-Ops-Key); operator API. A request awaiting payment is never moved to `submitted` here (409 `conflict`, whose message says to record the payment received at the counter: POST …/payments)',
    body: json(officeMoveSchema, { status: 'changes_requested', note: 'The passport scan is blurred' }), success: [{ status: 200, description: 'Moved', schema: data(e.requestSummary) }], errors: [401, 404, 409, 422] },
  { method: 'post', path: '/api/v1/ops/requests/{id}/payments', tag: 'Operator', auth: 'ops', params: { id: 'The request’s id or reference' }, summary: 'Money received at the office’s counter (X-Ops-Key): the amount in halalas (must be the fee: 422), the receipt number (recorded once: 422) and the e-mail address of the active finance member or admin who received it (422 otherwise). Recorded as a paid payment (provider `counter`); the request awaiting it becomes `submitted` and the pilgrim is told as for a gateway payment (409 when it no longer awaits payment: `counter_fee_only` while it still owes a part of its fee, an instalment or a package change’s difference, which is paid online); audited as "ops key"',
    body: json(opsCounterPaymentSchema, { amount_minor: 3_000_000, receipt_number: 'CTR-1448-0042', received_by: 'finance@office.example' }), success: [{ status: 201, description: 'Recorded; the request moved', schema: data(e.counterPaymentRecorded) }], errors: [401, 404, 409, 422] },
  { method: 'post', path: '/api/v1/ops/staff', tag: 'Operator', auth: 'ops', summary: 'Add a staff member (X-Ops-Key; `npm run staff -- add`): answers the one-time link to set a password',
    body: json(addStaffSchema, { email: 'amina@office.example', name: 'Amina Saleh', role: 'admin' }), success: [{ status: 201, description: 'Added', schema: data(e.addedStaff) }], errors: [422] },
  // Office console (staff session cookie only; every change must come from the console's own pages)
  { method: 'post', path: '/api/v1/office/auth/login', tag: 'Office', auth: 'none', summary: 'A staff member’s password: answers the challenge for the code, or a secret to enrol at the first sign-in. A wrong password, an unknown address and an address locked out of the account (5 wrong passwords from one client address lock it out of that account for 15 minutes) get the same 422; more than 20 failures from one client address in 15 minutes: 429',
    body: json(staffLoginSchema, { email: 'amina@office.example', password: 'Labbaik#2026' }), success: [{ status: 200, description: 'Password right', schema: data(e.staffPasswordStep) }], errors: [422] },
  { method: 'post', path: '/api/v1/office/auth/code', tag: 'Office', auth: 'none', summary: 'The authenticator’s code (or a recovery code) after the password: sets the staff session cookie (12 hours at most, 30 minutes idle); 5 wrong codes lock the account for 15 minutes from every address (429 with Retry-After), and the member is e-mailed',
    body: json(staffCodeSchema, { challenge: 'x'.repeat(43), code: '123456' }), success: [{ status: 200, description: 'Signed in', schema: e.staffSignedIn }], errors: [422] },
  { method: 'post', path: '/api/v1/office/auth/set-password', tag: 'Office', auth: 'link', summary: 'Set a staff member’s password with the link’s token (72 hours, once); their sessions end',
    body: json(staffSetPasswordSchema, { token: 'x'.repeat(43), password: 'Labbaik#2027!', password_confirmation: 'Labbaik#2027!' }), success: [noContent('Saved')], errors: [422] },
  { method: 'post', path: '/api/v1/office/auth/logout', tag: 'Office', auth: 'staff', summary: 'End this staff session', success: [noContent('Signed out; the cookie is cleared')], errors: [401] },
  { method: 'get', path: '/api/v1/office/me', tag: 'Office', auth: 'staff', summary: 'The signed-in staff member', success: [{ status: 200, description: 'The member', schema: data(e.staffMember) }], errors: [401] },
  { method: 'get', path: '/api/v1/office/dashboard', tag: 'Office', auth: 'staff', summary: 'Requests per status, sent to the office (paid) today and this week, payments received today, payment deadlines within 24 hours, the oldest waiting for review, requests past their review deadline per member, the median time to a decision this week',
    success: [{ status: 200, description: 'The figures', schema: data(e.officeDashboard) }], errors: [401, 403] },
  { method: 'get', path: '/api/v1/office/requests', tag: 'Office', auth: 'staff', summary: 'The queue: sent requests, the one waiting longest first (with view=mine: the member’s own, the latest deadline first), 20 a page; each with its review deadline (due_at: working days on the office’s calendar, paused while changes are asked), overdue and possible_duplicate; counts per status', query: queueQuerySchema,
    success: [{ status: 200, description: 'A page of the queue', schema: e.queuePage }], errors: [401, 422] },
  { method: 'get', path: '/api/v1/office/requests/{id}', tag: 'Office', auth: 'staff', params: ID, summary: 'A sent request as the office reads it: answers, documents, payments, history, internal notes (audited)',
    success: [{ status: 200, description: 'The request', schema: data(e.officeRequest) }], errors: [401, 404] },
  { method: 'post', path: '/api/v1/office/requests/{id}/assign', tag: 'Office', auth: 'staff', params: ID, summary: 'Assign to me, or release (reviewers, admins)',
    body: json(assignSchema, { assign: 'me' }), success: [{ status: 200, description: 'Assigned', schema: data(e.assignment) }], errors: [401, 404, 422] },
  { method: 'post', path: '/api/v1/office/requests/{id}/review', tag: 'Office', auth: 'staff', params: ID,
    summary: 'Ask for changes (the fields per pilgrim, a ready-made reason and a note per field, a deadline: a Hijri day not past), approve or reject (reviewers, admins; a request just sent goes through under_review in the same step; under_review alone is still a move). Cancel (finance, admins): on a paid request this only proposes the refund (all that was paid, or refund_minor), and the request is unchanged until another member approves it (refund-approval); 409 while one is proposed',
    body: { schema: officeReviewSchema, types: ['application/json'], example: { status: 'changes_requested', note: 'The passport scan is blurred', flags: { applicant: ['passport'] }, flag_notes: { applicant: { passport: { reason: 'passport_page_unreadable', note: 'Scan it in daylight' } } }, changes_due: '20-06-1448' } },
    success: [{ status: 200, description: 'Moved (or, for a paid cancel, unchanged with the refund proposed)', schema: data(e.requestSummary) }], errors: [401, 403, 404, 409, 422] },
  { method: 'post', path: '/api/v1/office/requests/{id}/package-refund', tag: 'Office', auth: 'staff', params: ID,
    summary: 'A cheaper package chosen after paying (money state refund_due): propose the refund of the difference, all of it (refund_due_minor) or refund_minor (more: 422), for another member to approve (refund-approval); the request stays as it is (finance, admins; audited). 409 when no refund is due or one is already proposed',
    body: { ...json(packageRefundSchema, { refund_minor: '1000000', note: 'Economy instead of standard' }), optional: true }, success: [{ status: 200, description: 'Proposed; the request unchanged', schema: data(e.requestSummary) }], errors: [401, 403, 404, 409, 422] },
  { method: 'post', path: '/api/v1/office/requests/{id}/refund-approval', tag: 'Office', auth: 'staff', params: ID,
    summary: 'Approve or refuse the refund proposed: approved, a cancel’s refund cancels the request, the pilgrim told, and the amount proposed goes back; a package change’s refund gives back the difference and leaves the request as it is (the payer told once the gateway confirms); refused, nothing changes and the pilgrim is told nothing (finance, admins; never the proposer, nor, to approve, a member of the proposer’s line of invitations (whom they invited, or who invited them, through any number of invitations): 403; audited). 404 when none is proposed; 409 when the request can no longer be cancelled, or, for a package change, is closed or holds less beyond its fee than proposed (the proposal is dropped)',
    body: json(refundApprovalSchema, { decision: 'approve' }), success: [{ status: 200, description: 'Decided', schema: data(e.refundDecision) }], errors: [401, 403, 404, 409, 422] },
  { method: 'post', path: '/api/v1/office/requests/bulk', tag: 'Office', auth: 'staff',
    summary: 'One action on many requests (at most 100), each as if done one by one (its checks, its audit row): assign (to "me" or a reviewer’s id) or release (reviewers, admins), or add an internal note (anyone in the queue). Those that cannot take it are listed back with why; the others go through',
    body: json(bulkSchema, { ids: ['7c0e8a8e-4b7a-4f6e-9d37-2b0c2f1d9a10'], action: 'assign', assign: 'me' }), success: [{ status: 200, description: 'Done and refused', schema: data(e.bulkResult) }], errors: [401, 403, 422] },
  { method: 'get', path: '/api/v1/office/saved-filters', tag: 'Office', auth: 'staff', summary: 'The member’s own named queue filters', success: [{ status: 200, description: 'Saved filters', schema: data(z.array(e.savedFilter)) }], errors: [401] },
  { method: 'post', path: '/api/v1/office/saved-filters', tag: 'Office', auth: 'staff', summary: 'Name the queue’s filters (the query string as in the console’s URL; the page is dropped; only the queue’s own filters: 422; one name once: 409)',
    body: json(savedFilterSchema, { name: 'Hajj, economy, overdue', query: 'type=hajj&package=economy&overdue=1' }), success: [{ status: 201, description: 'Saved', schema: data(e.savedFilter) }], errors: [401, 409, 422] },
  { method: 'delete', path: '/api/v1/office/saved-filters/{id}', tag: 'Office', auth: 'staff', params: { id: 'The saved filter’s id (a UUID)' }, summary: 'Forget one of the member’s own saved filters (another’s: 404)', success: [{ status: 204, description: 'Forgotten' }], errors: [401, 404] },
  { method: 'post', path: '/api/v1/office/requests/{id}/payments', tag: 'Office', auth: 'staff', params: ID, summary: 'Record money received at the counter (finance, admins; audited): the amount in halalas (must be the fee: 422) and the receipt number (recorded once: 422); the member is who received it. The request awaiting it becomes `submitted` and the pilgrim is told as for a gateway payment (409 when it no longer awaits payment: `counter_fee_only` while it still owes a part of its fee, an instalment or a package change’s difference, which is paid online)',
    body: json(counterPaymentSchema, { amount_minor: 3_000_000, receipt_number: 'CTR-1448-0042' }), success: [{ status: 201, description: 'Recorded; the request moved', schema: data(e.counterPaymentRecorded) }], errors: [401, 403, 404, 409, 422] },
  { method: 'post', path: '/api/v1/office/requests/{id}/notes', tag: 'Office', auth: 'staff', params: ID, summary: 'An internal note (staff only)',
    body: json(noteSchema, { body: 'Called the applicant about the photo' }), success: [{ status: 201, description: 'Added', schema: data(e.requestNote) }], errors: [401, 404, 422] },
  { method: 'get', path: '/api/v1/office/documents/{id}', tag: 'Office', auth: 'staff', params: { id: 'The document’s id (a UUID)' }, summary: 'A pilgrim’s document, inline or with ?download=1 (audited)',
    success: [{ status: 200, description: 'The file', contentType: 'application/octet-stream' }], errors: [401, 404] },
  { method: 'get', path: '/api/v1/office/export', tag: 'Office', auth: 'staff', summary: 'The filtered queue as CSV, UTF-8 with BOM, formulas neutralised (finance, admins; audited): labels, services, packages, statuses and payments in the console’s language (`locale`; else the console page it was asked from, the NEXT_LOCALE cookie, Accept-Language), times in Asia/Riyadh (named in the header), the package and when it was paid', query: exportQuerySchema,
    success: [{ status: 200, description: 'CSV', contentType: 'text/csv' }], errors: [401, 403, 422] },
  { method: 'get', path: '/api/v1/office/audit', tag: 'Office', auth: 'staff', summary: 'The audit log, newest first, by who, what, on what, on which request (its reference: the request’s entries and its documents’) and when (Hijri days); each entry with the actor’s name, the request it is about (id and reference) and the member it names, for the console to write it as a sentence (admins)', query: auditQuerySchema,
    success: [{ status: 200, description: 'A page of the log', schema: e.auditPage }], errors: [401, 403, 422] },
  { method: 'get', path: '/api/v1/office/catalogue', tag: 'Office', auth: 'staff', summary: 'The services, fees, seasons and places (set and held per package) (admins)', success: [{ status: 200, description: 'Services', schema: data(z.array(e.officeRequestType)) }], errors: [401, 403] },
  { method: 'patch', path: '/api/v1/office/catalogue/{id}', tag: 'Office', auth: 'staff', params: { id: 'The service (hajj, umrah)' },
    summary: 'Change a service’s fees per pilgrim (halalas): `fees_minor` per package offered (else 422), or `fee_minor` for every package at one price; its season (Hijri), companion limit, packages, places per package (a number, or null for unlimited; only for packages offered, else 422; a lower number never cancels a hold), or open or closed; requests sent later use it (admins; audited; nothing to change: 422)',
    body: { ...json(catalogueChangeSchema, { fees_minor: { economy: 1_200_000, standard: 1_650_000, premium: 2_400_000 }, places: { economy: 120, standard: null } }), partial: true }, success: [{ status: 200, description: 'The service', schema: data(e.officeRequestType) }], errors: [401, 403, 404, 422] },
  { method: 'get', path: '/api/v1/office/openings/{service}', tag: 'Office', auth: 'staff', params: SERVICE,
    summary: 'A service’s opening as it runs: how many wait, are admitted, sent, passed, left and were told it sold out; the rate; when the last one waiting will be admitted (every member)',
    success: [{ status: 200, description: 'The opening', schema: data(e.officeOpening) }], errors: [401, 403, 404] },
  { method: 'post', path: '/api/v1/office/openings/{service}', tag: 'Office', auth: 'staff', params: SERVICE,
    summary: 'Pause or resume its admissions (places in the queue are kept; what was due is kept), or end it (everyone waiting told; sending as without a queue). The rate changes in the catalogue (admins; audited)',
    body: json(openingControlSchema, { action: 'pause' }), success: [{ status: 200, description: 'The opening', schema: data(e.officeOpening) }], errors: [401, 403, 404, 422] },
  { method: 'get', path: '/api/v1/office/calendar', tag: 'Office', auth: 'staff', summary: 'The office’s working week (0 = Sunday) and public holidays (Hijri), which every review clock counts in (admins)', success: [{ status: 200, description: 'The calendar', schema: data(e.officeCalendar) }], errors: [401, 403] },
  { method: 'put', path: '/api/v1/office/calendar', tag: 'Office', auth: 'staff', summary: 'Set the working week and the holidays: clocks started, paused or resumed from now on count in them; deadlines already given stay (admins; audited)',
    body: json(officeCalendarSchema, { work_days: [0, 1, 2, 3, 4], holidays: ['01-10-1448'] }), success: [{ status: 200, description: 'The calendar', schema: data(e.officeCalendar) }], errors: [401, 403, 422] },
  { method: 'get', path: '/api/v1/office/staff', tag: 'Office', auth: 'staff', summary: 'The staff (admins)', success: [{ status: 200, description: 'Staff', schema: data(z.array(e.staffListed)) }], errors: [401, 403] },
  { method: 'post', path: '/api/v1/office/staff', tag: 'Office', auth: 'staff', summary: 'Invite a member: the one-time link to set a password goes to them alone, by e-mail, never in this answer (admins; audited, with who invited whom)',
    body: json(addStaffSchema, { email: 'yusuf@office.example', name: 'Yusuf Saleh', role: 'reviewer' }), success: [{ status: 201, description: 'Invited', schema: data(e.invitedStaff) }], errors: [401, 403, 422] },
  { method: 'patch', path: '/api/v1/office/staff/{id}', tag: 'Office', auth: 'staff', params: { id: 'The member’s id (a UUID)' }, summary: 'Change a member’s role, or disable/enable them; their sessions end (admins; never the last admin, never oneself: 409; nothing to change: 422)',
    body: { ...json(staffChangeSchema, { role: 'finance' }), partial: true }, success: [{ status: 200, description: 'The member', schema: data(e.staffListed) }], errors: [401, 403, 404, 409, 422] },
  { method: 'post', path: '/api/v1/office/staff/{id}/reset-two-factor', tag: 'Office', auth: 'staff', params: { id: 'The member’s id (a UUID)' }, summary: 'Forget a member’s authenticator, recovery codes and password, and end their sessions: the member is e-mailed a one-time link (72 hours) to choose a new password, then enrols a new authenticator at the next sign-in (admins; audited)',
    success: [noContent('Reset')], errors: [401, 403, 404, 409] },
  // Service
  { method: 'get', path: '/api/health', tag: 'Service', auth: 'none', summary: 'Can this instance reach its database? (load balancers)', success: [{ status: 200, description: 'Healthy', schema: data(e.health) }, { status: 503, description: 'The database cannot be reached', schema: data(e.health) }], errors: [] },
  { method: 'get', path: '/api/build', tag: 'Service', auth: 'none', summary: 'Which build this server runs', success: [{ status: 200, description: 'The build', schema: e.build }], errors: [] },
  { method: 'post', path: '/api/test-gateway/{id}/pay', tag: 'Service', auth: 'none', params: { id: 'The test checkout’s id' }, summary: 'The test gateway’s checkout (development and tests only)',
    body: { ...json(testGatewayPaySchema, { card_number: '4000000000000002', otp: '123456' }), optional: true },
    success: [{ status: 200, description: 'The outcome (`invalid` for no card or an unknown one)', schema: data(z.object({ outcome: z.string(), reason: z.string().nullable(), return_url: z.string() })) }], errors: [404, 409] },
  { method: 'get', path: '/api/v1/openapi.json', tag: 'Service', auth: 'none', summary: 'This document', success: [{ status: 200, description: 'OpenAPI 3.1', schema: e.looseObject }], errors: [] },
  { method: 'get', path: '/api/docs', tag: 'Service', auth: 'none', summary: 'This document as a reference page for people (Redoc)', success: [{ status: 200, description: 'The page', contentType: 'text/html' }], errors: [] },
  { method: 'get', path: '/api/docs/redoc.standalone.js', tag: 'Service', auth: 'none', summary: 'The reference page’s script', success: [{ status: 200, description: 'Redoc', contentType: 'text/javascript' }], errors: [] },
];
