import { z } from '@/lib/validation/z';
import { REQUEST_STATUSES } from '@/lib/requests/statuses';
import { STAFF_ROLES } from '@/lib/office/roles';
import { page, pageMeta, timestamp, uuid } from './common';
import { payment } from './payments';
import { flagNote, requestDetails, requestDocument, requestHistoryEntry, requestPayment, requestStatus, requestSummary, requestTypeInfo } from './requests';

// The office console (issue 18): staff sign-in, the dashboard, the queue, a request as the office reads it,
// the catalogue with its places and reserve lists, the staff and the audit log; and the operator API's answers.

/** One request waiting for places, in the order places will be offered. */
export const reserveEntry = z.object({ position: z.int().min(1), request_id: uuid, reference: z.string().nullable(), applicant_name: z.string().nullable(), pilgrims: z.int().min(1), joined_at: timestamp });
export type ReserveEntry = z.infer<typeof reserveEntry>;

/** A service in the office's catalogue: what pilgrims see, with the places set and held per package. */
export const officeRequestType = requestTypeInfo.extend({
  places: z.record(z.string(), z.int().min(0).nullable()).describe('Per package offered: the number of places set for the season; null when unlimited'),
  places_held: z.record(z.string(), z.int().min(0)).describe('Per package offered: places held by requests sent (unpaid until their pay-by time, or paid); may exceed a number lowered later'),
  reserve_list: z.record(z.string(), z.array(reserveEntry)).describe('Per package with requests waiting: its reserve list, in the order places will be offered'),
  review_days: z.int().min(1).max(60).describe('The review target: working days from sending (or payment) to a decision'),
  clock_from: z.enum(['sent', 'paid']).describe('When the review clock starts: when the request is sent, or when it is paid'),
  payment_plan: z
    .object({ deposit_percent: z.int(), instalments: z.array(z.object({ percent: z.int(), due: z.string().describe('Hijri DD-MM-YYYY: due by the end of that day, Riyadh time') })) })
    .nullable()
    .describe('A deposit then instalments (docs/INSTALMENTS.md); null: the fee is paid in one go'),
});
export type OfficeRequestType = z.infer<typeof officeRequestType>;

export const staffMember = z.object({ id: uuid, email: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) });
export type StaffMember = z.infer<typeof staffMember>;

/** Who works on a request, or received a payment at the counter: a member by id and name. */
export const staffRef = z.object({ id: uuid, name: z.string() });
export type StaffRef = z.infer<typeof staffRef>;

export const staffPasswordStep = z.union([
  z.object({ next: z.literal('code'), challenge: z.string().describe('Send it back with the code (5 minutes, once)') }),
  z.object({
    next: z.literal('enrol'),
    challenge: z.string(),
    secret: z.string().describe('Base32 TOTP secret to add to an authenticator app (first sign-in only)'),
    otpauth_uri: z.string().describe('The same secret as an otpauth:// URI, for a QR code'),
  }),
]);
export type StaffPasswordStep = z.infer<typeof staffPasswordStep>;

export const staffSignedIn = z.object({
  data: staffMember,
  recovery_codes: z.array(z.string()).optional().describe('At enrolment only: ten single-use codes for a lost authenticator, shown once'),
});
export type StaffSignedIn = z.infer<typeof staffSignedIn>;

export const officeDashboard = z.object({
  // Every status, each its own property (a record with enum keys made a schema whose required keys it did not define).
  by_status: z.object(Object.fromEntries(REQUEST_STATUSES.map((status) => [status, z.number().int()])) as Record<(typeof REQUEST_STATUSES)[number], z.ZodNumber>),
  submitted_today: z.number().int(),
  submitted_this_week: z.number().int(),
  // Payments whose money arrived today, summed per currency (minor units).
  received_today: z.array(z.object({ currency: z.string(), amount_minor: z.number().int(), payments: z.number().int() })),
  // Awaiting payment, expiring unpaid within 24 hours: the soonest first (at most 10).
  due_within_24_hours: z.object({ count: z.number().int(), requests: z.array(z.object({ id: uuid, reference: z.string().nullable(), pay_by: timestamp })) }),
  // The request that has waited longest for review (submitted, not yet taken).
  oldest_waiting: z.object({ id: uuid, reference: z.string().nullable(), submitted_at: timestamp }).nullable(),
  // Requests past their review deadline, per member working on them (null: nobody has taken them), most first.
  overdue_by_reviewer: z.array(z.object({ assigned_to: staffRef.nullable(), count: z.int() })),
  // The median time from sending to a decision (approved or rejected) over the decisions made this week, in hours; null with none.
  median_decision_hours: z.number().nullable(),
  // Refunds proposed and awaiting a second member (issue 63, item 4), for a member who may approve them (finance, admin):
  // those proposed by someone else, the oldest first (at most 10); null for a member who may not.
  refunds_awaiting_approval: z
    .object({
      count: z.int(),
      requests: z.array(z.object({ id: uuid, reference: z.string().nullable(), amount_minor: z.int(), currency: z.string(), proposed_by: staffRef, proposed_at: timestamp })),
    })
    .nullable(),
});
export type OfficeDashboard = z.infer<typeof officeDashboard>;

/** POST /ops/staff (the operator's key, npm run staff): the member and their one-time link, for the operator to pass on. */
export const addedStaff = z.object({ staff: staffMember, set_password_url: z.string().describe('One-time link (72 hours) built from APP_URL') });
export type AddedStaff = z.infer<typeof addedStaff>;
/** POST /office/staff (an admin in the console): the member only; their link goes to them alone, by e-mail. */
export const invitedStaff = z.object({ staff: staffMember });
export type InvitedStaff = z.infer<typeof invitedStaff>;

export const queueItem = requestSummary.extend({
  assigned_to: staffRef.nullable(),
  due_at: timestamp.nullable().describe('When a decision is due by the service’s review target (working days, the office’s calendar); null while the clock does not run (changes asked of the pilgrim, decided, awaiting payment when the clock starts at payment)'),
  overdue: z.boolean().describe('Past due_at'),
  possible_duplicate: z.boolean().describe('A pilgrim of this request has the same passport (with nationality) or national ID as a pilgrim of another active request'),
});
export type QueueItem = z.infer<typeof queueItem>;

export const queueMeta = pageMeta.extend({ counts: z.partialRecord(requestStatus, z.int()).describe('Requests per status over the other filters (for the tabs)') });
export type QueueMeta = z.infer<typeof queueMeta>;

/** GET /office/requests: a page of the queue. */
export const queuePage = page(queueItem, queueMeta);
export type QueuePage = z.infer<typeof queuePage>;

/** POST /office/requests/{id}/assign */
export const assignment = z.object({ assigned_to: staffRef.nullable() });
export type Assignment = z.infer<typeof assignment>;

const receiver = staffRef.nullable().describe('Paid at the counter: the finance member or admin who received it');

export const requestNote = z.object({ id: uuid, body: z.string(), staff_name: z.string(), at: timestamp });
export type RequestNote = z.infer<typeof requestNote>;

/** Another active request with one of this request's pilgrims in it (issue 41, item 4). */
export const duplicateMatch = z.object({
  request_id: uuid,
  reference: z.string().nullable(),
  status: requestStatus,
  pilgrim: z.string().describe('Which pilgrim of this request matched: applicant, companion-0, …'),
  other_pilgrim: z.string().describe('The matching pilgrim of the other request'),
  field: z.enum(['passport_number', 'national_id', 'name_and_birth']).describe('What matched: the passport number with the nationality, the national ID (exact), or a similar Latin name with the same date of birth (possible)'),
  strength: z.enum(['exact', 'possible']),
});
export type DuplicateMatch = z.infer<typeof duplicateMatch>;

/** One answer changed since the office asked for changes: old -> new (issue 41, item 7). */
export const answerChange = z.object({
  pilgrim: z.string().describe('service, applicant, companion-<n> (their place now; matched with their answers then by pilgrim_id) or removed-<n> (a companion removed since, at their place then)'),
  field: z.string(),
  old: z.unknown(),
  new: z.unknown(),
});
export type AnswerChange = z.infer<typeof answerChange>;

/** A refund proposed by one member, awaiting another's approval (issue 41, item 5). */
export const refundProposal = z.object({
  id: uuid,
  reason: z.enum(['cancel', 'package_change']).describe('cancel: approved, the request is cancelled and the amount goes back; package_change: a cheaper package was chosen after paying, and approved, the difference goes back while the request stays as it is'),
  amount_minor: z.int().min(1),
  currency: z.string(),
  note: z.string(),
  proposed_by: staffRef,
  proposed_at: timestamp,
});
export type RefundProposal = z.infer<typeof refundProposal>;

/** A sent request as the office reads it: answers, documents with the console's links, payments, history naming the staff, notes. */
export const officeRequest = requestDetails.extend({
  flagged: z.record(z.string(), z.array(z.string())).describe('Per pilgrim (applicant, companion-0, … their place now; kept against each companion’s pilgrim_id): what the office asked to change'),
  payments: z.array(requestPayment.extend({ recorded_by: receiver })),
  history: z.array(requestHistoryEntry.extend({ staff_name: z.string().nullable() })),
  documents: z.array(requestDocument.extend({ url: z.string().describe('The console’s link: inline, or ?download=1') })),
  account: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }).nullable(),
  assigned_to: staffRef.nullable(),
  notes: z.array(requestNote),
  due_at: timestamp.nullable(),
  overdue: z.boolean(),
  duplicates: z.array(duplicateMatch),
  changes: z.array(answerChange).describe('Since changes were last asked: each answer the pilgrim changed, old -> new (empty when none were asked)'),
  flag_notes: z.record(z.string(), z.record(z.string(), flagNote)).describe('Per pilgrim and flagged field: the reason and note sent with the request for changes'),
  changes_due_at: timestamp.nullable().describe('The deadline given to the pilgrim for the changes'),
  pilgrim_locale: z.enum(['en', 'ar']).describe('The language the pilgrim reads the office’s messages in'),
  refund_proposal: refundProposal.nullable(),
});
export type OfficeRequest = z.infer<typeof officeRequest>;

/** Money received at the counter, recorded: the payment and the request it moved. */
export const counterPaymentRecorded = z.object({
  payment: payment.extend({ recorded_by: receiver }),
  request: requestSummary,
});
export type CounterPaymentRecorded = z.infer<typeof counterPaymentRecorded>;

export const auditEntry = z.object({
  id: z.int(),
  at: timestamp,
  actor: z.object({ kind: z.enum(['staff', 'ops_key', 'system']), email: z.string().nullable(), name: z.string().nullable().describe('The member’s name now (null for the ops key and the portal itself: an opening’s draw or its end when sold out)') }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  request: z.object({ id: uuid, reference: z.string().nullable() }).nullable().describe('The request the entry is about: the target itself, or the request of a document viewed'),
  member: staffRef.nullable().describe('The member the entry names besides the actor: the target of a staff action, or whom a request was assigned to'),
  details: z.record(z.string(), z.unknown()),
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET /office/audit: a page of the log. */
export const auditPage = page(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;

export const staffListed = staffMember.extend({
  disabled: z.boolean(),
  password_set: z.boolean(),
  two_factor: z.boolean().describe('An authenticator is enrolled'),
  locked: z.boolean().describe('Locked for 15 minutes after 5 wrong codes at the code step (wrong passwords lock only the client address they came from, and do not show here)'),
  created_at: timestamp,
  invited_by: staffRef.nullable().describe('The member who invited them from the console; null when added with the operator’s key (npm run staff)'),
});
export type StaffListed = z.infer<typeof staffListed>;

/** POST /office/requests/bulk: what went through, and what could not take the action (with why). */
export const bulkResult = z.object({
  done: z.array(z.object({ id: uuid, reference: z.string().nullable() })),
  refused: z.array(z.object({ id: uuid, reference: z.string().nullable(), code: z.string(), message: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResult>;

/** A member's named queue filter: the console's query string as it was in the URL. */
export const savedFilter = z.object({ id: uuid, name: z.string(), query: z.string() });
export type SavedFilter = z.infer<typeof savedFilter>;

/** The office's calendar for the review clocks: the days of the week it works (0 = Sunday) and its holidays (Hijri DD-MM-YYYY). */
export const officeCalendar = z.object({ work_days: z.array(z.int().min(0).max(6)), holidays: z.array(z.string()) });
export type OfficeCalendar = z.infer<typeof officeCalendar>;

/** POST /office/requests/{id}/refund-approval: the proposal decided, and the request as it is now. */
export const refundDecision = z.object({ decision: z.enum(['approved', 'refused']), request: requestSummary });
export type RefundDecision = z.infer<typeof refundDecision>;
