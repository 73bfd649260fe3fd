import { z } from 'zod';
import { REQUEST_STATUSES } from '@/lib/requests/statuses';
import { REQUEST_STEPS } from '@/lib/requests/steps';

// What the API answers, in zod: the document's response schemas
// (lib/server/openapi/document.ts). Request bodies and queries are the
// handlers' own schemas; these describe the objects the services return.

const timestamp = z.iso.datetime({ offset: true }).describe('ISO 8601 timestamp');
const nullableTimestamp = timestamp.nullable();
const uuid = z.uuid();

export const errorEnvelope = z
  .object({
    error: z.object({
      code: z.string().describe('One of the error codes listed in the document description (x-error-codes)'),
      message: z.string().describe("In the reader's language (Accept-Language or the locale cookie)"),
      fields: z.record(z.string(), z.array(z.string())).optional().describe('422 only: messages per field, by path (applicant.mobile, companions.0.email)'),
    }),
  })
  // A 409 for a stale version also carries `data`: the request as it is now; a 409 sold_out carries `places` ({package, places_left, needed}).
  .loose();

export const user = z
  .object({
    id: uuid,
    name: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    phone: z.string().nullable(),
    locale: z.enum(['en', 'ar']),
    created_at: timestamp,
  });

export const signedIn = z.object({ data: user, token: z.string().describe('The bearer token; the response also sets the session cookie') });

export const requestType = z
  .object({
    id: z.enum(['hajj', 'umrah']),
    code: z.string(),
    name: z.object({ en: z.string(), ar: z.string() }),
    fee_minor: z.int().describe('The lowest fee per pilgrim of the packages offered ("from"), in the currency’s minor unit (halalas)'),
    fees_minor: z
      .record(z.string(), z.int().min(0))
      .describe('Per package offered: its fee per pilgrim in halalas, set by the office. A request pays its package’s fee × its pilgrims, fixed when it is sent'),
    currency: z.string(),
    season: z
      .object({
        start: z.string().describe('Hijri DD-MM-YYYY: the first day applications are taken'),
        end: z.string().describe('Hijri: the last day of travel (Hajj: 13 Dhu al-Hijjah)'),
        start_gregorian: z.string().nullable(),
        end_gregorian: z.string().nullable(),
        applications_close: z.string().describe('Hijri: the last day a request can be sent (Hajj: before the pilgrimage, e.g. 29 Shawwal); the season’s end when the service has none of its own'),
        applications_close_gregorian: z.string().nullable(),
        pilgrimage: z
          .object({ start: z.string(), end: z.string(), start_gregorian: z.string().nullable(), end_gregorian: z.string().nullable() })
          .nullable()
          .describe('Hajj’s days, 8-13 Dhu al-Hijjah (Hijri); null for a service without fixed days (Umrah). No travel month after the month they start in is offered: arrival must reach them'),
      })
      .describe('docs/PLACES.md, "Hajj in its month": travel months run from this month (or the start) to the end’s month, for Hajj to the pilgrimage’s month'),
    companion_limit: z.int(),
    packages: z.array(z.string()),
    places_left: z
      .record(z.string(), z.int().min(0).nullable())
      .describe('Per package offered: places left this season, max(0, places − held); null when unlimited (docs/PLACES.md)'),
    open: z.boolean().describe('Whether the office takes applications for it now; a season that has ended is closed too'),
  })
  .loose();

/** A service in the office's catalogue: what pilgrims see, with the places set and held per package. */
export const officeRequestType = requestType.extend({
  places: z.record(z.string(), z.int().min(0).nullable()).describe('Per package offered: the number of places set for the season; null when unlimited'),
  places_held: z.record(z.string(), z.int().min(0)).describe('Per package offered: places held by requests sent (unpaid until their pay-by time, or paid); may exceed a number lowered later'),
  reserve_list: z
    .record(
      z.string(),
      z.array(z.object({ position: z.int().min(1), request_id: uuid, reference: z.string().nullable(), applicant_name: z.string().nullable(), pilgrims: z.int().min(1), joined_at: timestamp })),
    )
    .describe('Per package with requests waiting: its reserve list, in the order places will be offered'),
});

export const requestSummary = z
  .object({
    id: uuid,
    payment: z.enum(['paid', 'refunding', 'refunded', 'unpaid']).nullable(),
    reference: z.string().nullable(),
    type: z.enum(['hajj', 'umrah']),
    status: z.enum(REQUEST_STATUSES),
    step: z.enum(REQUEST_STEPS),
    completed_steps: z.array(z.enum(REQUEST_STEPS)),
    steps_total: z.int(),
    pilgrims: z.int(),
    applicant_name: z.string().nullable(),
    fee_minor: z.int().nullable(),
    fee_pilgrims: z.int().nullable().describe('How many pilgrims the fee covers, fixed at the first submit'),
    currency: z.string().nullable(),
    version: z.int(),
    created_at: timestamp,
    updated_at: timestamp,
    submitted_at: nullableTimestamp,
    pay_by: nullableTimestamp.describe('While awaiting payment: when the request expires unpaid'),
    reserve_position: z.int().min(1).nullable().describe('While reserved: its place on the package’s reserve list, 1 being offered places first; null otherwise'),
  });

// Why a payment did not become the fee (messages CheckPayment.reasons); `hold_ended` and `capture_failed` from authorise, then capture (docs/PLACES.md).
const failureReason = z
  .string()
  .nullable()
  .describe(
    'declined, insufficient_funds, authentication_failed, expired, canceled, failed, amount_mismatch, gateway_unavailable, voided; ' +
      'capture_failed (authorised, but the capture was refused: nothing taken, the request still awaits payment); ' +
      'hold_ended (status voided: authorised after the hold on the places ended, so it was voided and nothing taken)',
  );

export const requestPayment = z.object({
  id: uuid,
  status: z.enum(['initiated', 'pending', 'paid', 'failed', 'voided', 'refunding', 'refunded']),
  amount_minor: z.int(),
  currency: z.string(),
  failure_reason: failureReason,
  card_last4: z.string().nullable(),
  provider: z.string().describe('test, moyasar, or counter (money received at the office’s counter)'),
  receipt_number: z.string().nullable().describe('Paid at the counter: the number of the receipt handed over'),
  created_at: timestamp,
  paid_at: nullableTimestamp,
  refunded_at: nullableTimestamp,
  refund_reason: z.string().nullable(),
});

export const requestDocument = z
  .object({ id: uuid, pilgrim: z.string(), kind: z.enum(['passport', 'photo']), file_name: z.string(), mime: z.string(), size: z.int(), created_at: timestamp });

export const requestDetails = requestSummary
  .extend({
    data: z.record(z.string(), z.unknown()).describe('The answers, per step'),
    flagged: z.record(z.string(), z.array(z.string())).nullable().describe('While changes are requested: per pilgrim (applicant, companion-0, …), the answer fields and documents the office asked to change'),
    payments: z.array(requestPayment),
    documents: z.array(requestDocument),
    history: z.array(z.object({ from: z.enum(REQUEST_STATUSES).nullable(), to: z.enum(REQUEST_STATUSES), actor: z.enum(['user', 'office', 'system']), note: z.string().nullable(), at: timestamp })),
  });

export const needsDoing = z
  .object({
    count: z.int().describe('Payments due plus changes asked for'),
    awaiting_payment: z.array(requestSummary),
    changes_requested: z.array(requestSummary.extend({ office_note: z.string().nullable() })),
    reserved: z.array(requestSummary).describe('On a reserve list, with reserve_position; nothing to do but wait, so not counted'),
    drafts: z.array(requestSummary),
  });

export const payment = z
  .object({
    id: uuid,
    request_id: uuid,
    status: z.enum(['initiated', 'pending', 'paid', 'failed', 'voided', 'refunding', 'refunded']),
    amount_minor: z.int(),
    currency: z.string(),
    provider: z.string(),
    failure_reason: failureReason,
    refund_reason: z.string().nullable(),
    card_last4: z.string().nullable(),
    redirect_url: z.string().nullable().describe('Where to send the payer while the checkout is open'),
    receipt_number: z.string().nullable().describe('Paid at the counter (provider `counter`): the number of the receipt handed over'),
    created_at: timestamp,
    paid_at: nullableTimestamp,
  });

/** For a payer back from the gateway without a session (another host, a session that ended): nothing of the request or the account. */
export const paymentOutcome = z.object({
  id: uuid,
  status: payment.shape.status,
  amount_minor: z.int(),
  currency: z.string(),
  failure_reason: failureReason,
});

export const notification = z
  .object({
    id: uuid,
    seq: z.int(),
    type: z.string(),
    title: z.string(),
    body: z.string(),
    request_id: uuid.nullable(),
    link: z.string(),
    read: z.boolean(),
    created_at: timestamp,
  });

export const pageMeta = z.object({ page: z.int(), per_page: z.int(), total: z.int(), total_pages: z.int() });

/** An object this document does not detail yet: its fields are named in DESIGN section 6 and the README's API table. */
export const looseObject = z.object({}).loose();

/** `{data: T}`: every success with a body. */
export const envelope = <T extends z.ZodType>(data: T, meta?: z.ZodType) => (meta ? z.object({ data, meta }) : z.object({ data }));

/** A signed-in session as GET /me/sessions lists it. */
export const session = z.object({
  id: uuid,
  browser: z.string().nullable(),
  system: z.string().nullable(),
  created_at: timestamp,
  last_used_at: timestamp,
  current: z.boolean().describe('The session this call was made with'),
});

const firebaseClientConfig = z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), appId: z.string() });

export const googleLink = z.object({
  linked: z.boolean(),
  has_password: z.boolean().describe('False for an account made by Google sign-in that has not set a password yet'),
  config: firebaseClientConfig.nullable().describe('The sign-in popup’s settings; null when Google sign-in is not configured'),
});

export const pushConfig = z.object({
  vapid_public_key: z.string().describe('The Web Push application server key (base64url)'),
  fcm: firebaseClientConfig.extend({ messagingSenderId: z.string(), vapidKey: z.string() }).nullable().describe('Firebase Cloud Messaging, when configured'),
});

export const pushDevice = z.object({
  token: z.string().describe('Identifies the device in PATCH and DELETE /devices/{token}'),
  provider: z.enum(['webpush', 'fcm']),
  renewed_at: timestamp,
});

export const listedPushDevice = pushDevice.extend({ browser: z.string().nullable(), system: z.string().nullable(), created_at: timestamp });

export const faqGroup = z.object({
  id: z.string(),
  title: z.string(),
  items: z.array(z.object({ id: z.string(), question: z.string(), answer_html: z.string().describe('Sanitised HTML') })),
});

export const staticPage = z.object({
  slug: z.enum(['about', 'terms', 'privacy', 'contact']),
  title: z.string(),
  description: z.string(),
  html: z.string().describe('Sanitised HTML'),
  locale: z.enum(['en', 'ar']),
});

export const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']) });

export const build = z.object({ id: z.string(), built_at: timestamp });

// The office console (issue 18).
export const staffMember = z.object({ id: uuid, email: z.string(), name: z.string(), role: z.enum(['reviewer', 'finance', 'admin']) });
export const staffPasswordStep = z.union([
  z.object({ next: z.literal('code'), challenge: z.string().describe('Send it back with the code (5 minutes, once)') }),
  z.object({
    next: z.literal('enrol'),
    challenge: z.string(),
    secret: z.string().describe('Base32 TOTP secret to add to an authenticator app (first sign-in only)'),
    otpauth_uri: z.string().describe('The same secret as an otpauth:// URI, for a QR code'),
  }),
]);
export const staffSignedIn = z.object({
  data: staffMember,
  recovery_codes: z.array(z.string()).optional().describe('At enrolment only: ten single-use codes for a lost authenticator, shown once'),
});
export const officeDashboard = z.object({
  // Every status, each its own property (a record with enum keys made a schema whose required keys it did not define).
  by_status: z.object(Object.fromEntries(REQUEST_STATUSES.map((status) => [status, z.number().int()])) as Record<(typeof REQUEST_STATUSES)[number], z.ZodNumber>),
  submitted_today: z.number().int(),
  submitted_this_week: z.number().int(),
  received_today: z.array(z.object({ currency: z.string(), amount_minor: z.number().int(), payments: z.number().int() })),
  due_within_24_hours: z.object({ count: z.number().int(), requests: z.array(z.object({ id: uuid, reference: z.string().nullable(), pay_by: timestamp })) }),
  oldest_waiting: z.object({ id: uuid, reference: z.string().nullable(), submitted_at: timestamp }).nullable(),
});
export const addedStaff = z.object({ staff: staffMember, set_password_url: z.string().describe('One-time link (72 hours) built from APP_URL') });
export const queueItem = requestSummary.extend({ assigned_to: z.object({ id: uuid, name: z.string() }).nullable() });
export const queueMeta = pageMeta.extend({ counts: z.record(z.string(), z.int()).describe('Requests per status over the other filters (for the tabs)') });
const receiver = z.object({ id: uuid, name: z.string() }).nullable().describe('Paid at the counter: the finance member or admin who received it');
export const officeRequest = requestDetails.extend({
  flagged: z.record(z.string(), z.array(z.string())),
  payments: z.array(requestPayment.extend({ recorded_by: receiver })),
  history: z.array(z.object({ from: z.enum(REQUEST_STATUSES).nullable(), to: z.enum(REQUEST_STATUSES), actor: z.enum(['user', 'office', 'system']), note: z.string().nullable(), at: timestamp, staff_name: z.string().nullable() })),
  documents: z.array(requestDocument.extend({ url: z.string().describe('The console’s link: inline, or ?download=1') })),
  account: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }).nullable(),
  assigned_to: z.object({ id: uuid, name: z.string() }).nullable(),
  notes: z.array(z.object({ id: uuid, body: z.string(), staff_name: z.string(), at: timestamp })),
});
export const counterPayment = z.object({
  payment: payment.extend({ recorded_by: receiver }),
  request: requestSummary,
});
export const requestNote = z.object({ id: uuid, body: z.string(), staff_name: z.string(), at: timestamp });
export const auditEntry = z.object({
  id: z.int(),
  at: timestamp,
  actor: z.object({ kind: z.enum(['staff', 'ops_key']), email: z.string().nullable() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  address: z.string().nullable(),
});
export const staffListed = staffMember.extend({
  disabled: z.boolean(),
  password_set: z.boolean(),
  two_factor: z.boolean().describe('An authenticator is enrolled'),
  locked: z.boolean().describe('Locked for 15 minutes after 5 wrong codes at the code step (wrong passwords lock only the client address they came from, and do not show here)'),
  created_at: timestamp,
});
