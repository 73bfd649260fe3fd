import { z } from '@/lib/validation/z';
import { REQUEST_STATUSES } from '@/lib/requests/statuses';
import { REQUEST_STEPS } from '@/lib/requests/steps';
import { nullableTimestamp, page, timestamp, uuid } from './common';
import { failureReason, paymentViewStatus, refundedMinor } from './payments';
import { MONEY_STATES } from '@/lib/payments/money';
import { openingInfo } from './openings';

// The services on offer and the pilgrim's requests: a summary in lists, the whole request on its page, what needs doing.

export const requestStatus = z.enum(REQUEST_STATUSES);
const serviceId = z.enum(['hajj', 'umrah']);

/** A service's season (lib/requests/travel-months.ts): Hajj's applications close before its days, 8-13 Dhu al-Hijjah. */
export const seasonInfo = z
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
  .describe('docs/PLACES.md, "Hajj in its month": travel months run from this month (or the start) to the end’s month, for Hajj to the pilgrimage’s month');
export type SeasonInfo = z.infer<typeof seasonInfo>;

/** A service on offer (GET /request-types). */
export const requestTypeInfo = z.object({
  id: serviceId,
  code: z.string(),
  name: z.object({ en: z.string(), ar: z.string() }),
  fee_minor: z.int().describe('The lowest fee per pilgrim of the packages offered ("from"), in the currency’s minor unit (halalas)'),
  fees_minor: z
    .record(z.string(), z.int().min(0))
    .describe('Per package offered: its fee per pilgrim in halalas, set by the office. A request pays its package’s fee × its pilgrims, fixed when it is sent'),
  currency: z.string(),
  season: seasonInfo,
  companion_limit: z.int(),
  packages: z.array(z.string()),
  places_left: z
    .record(z.string(), z.int().min(0).nullable())
    .describe('Per package offered: places left this season, max(0, places − held); null when unlimited (docs/PLACES.md)'),
  open: z.boolean().describe('Whether the office takes applications for it now; a season that has ended is closed too'),
  opening: openingInfo.nullable().describe('Its opening, when the office set one: sending opens at opens_at through a queue (docs/OPENING.md)'),
});
export type RequestTypeInfo = z.infer<typeof requestTypeInfo>;

/** A request's money, derived in one place (lib/payments/money.ts; docs/INSTALMENTS.md, "Money states"). */
export const requestMoney = z
  .object({
    state: z
      .enum(MONEY_STATES)
      .describe(
        'unpaid: nothing taken; deposit_paid: part taken, outstanding_minor still owed (next_due says what and by when; a dearer package chosen after paying owes its difference); paid: the whole fee; ' +
          'refund_due: more than the fee is held (a cheaper package chosen after paying), refund_due_minor to be refunded through the office’s four-eyes refund; ' +
          'refunding: everything taken is on its way back; partially_refunded: some went (or is going) back, the rest kept; refunded: all went back; ' +
          'kept: the request closed and what was taken stays with the office',
      ),
    currency: z.string(),
    fee_minor: z.int().describe('The whole fee, for every pilgrim'),
    paid_minor: z.int().describe('Taken for the fee, before refunds'),
    refunded_minor: z.int().describe('Given back'),
    refunding_minor: z.int().describe('On its way back'),
    outstanding_minor: z.int().describe('Still to pay while the request is open; 0 once it is closed'),
    refund_due_minor: z.int().describe('Held beyond the fee of an open request (a cheaper package chosen after paying): to be refunded; 0 otherwise'),
    next_due: z
      .object({
        part: z.string().describe('full, deposit, instalment-1, … or difference-1, difference-2, … (a dearer package chosen after paying: POST /requests/{id}/payments pays it)'),
        amount_minor: z.int(),
        due_at: nullableTimestamp.describe('By when; null when no date is set (the difference of a package change is due before the request goes back to the office)'),
      })
      .nullable()
      .describe('While something is owed: what to pay next'),
  })
  .nullable()
  .describe('Null while the request has no fee (a draft, a reserved request)');
export type RequestMoney = z.infer<typeof requestMoney>;

/** A request as its owner sees it in a list. */
export const requestSummary = z.object({
  id: uuid,
  money: requestMoney,
  reference: z.string().nullable(),
  type: serviceId,
  status: requestStatus,
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
export type RequestSummary = z.infer<typeof requestSummary>;

/** GET /requests: a page of the user's requests. */
export const requestsPage = page(requestSummary);
export type RequestsPage = z.infer<typeof requestsPage>;

/** One part of a request's fee (issue 42, item 3; docs/INSTALMENTS.md). */
export const paymentPlanPart = z.object({
  part: z.string().describe('full, deposit, instalment-1, instalment-2, …'),
  percent: z.int(),
  amount_minor: z.int(),
  due_at: nullableTimestamp.describe('When an instalment is due (the end of its Hijri day in Riyadh); null for the deposit and the full fee, due by pay_by'),
  state: z.enum(['due', 'late', 'paid', 'refunding', 'refunded', 'partially_refunded', 'kept']).describe('late: past its due date and unpaid (the request is cancelled once the grace has passed too); kept: paid, and kept by the office when the request closed (a deposit after a missed instalment)'),
  payment_id: uuid.nullable().describe('The payment that paid it: its receipt is /payments/{id}/receipt'),
  paid_at: nullableTimestamp,
  paid_by: z.string().nullable().describe('The name of the account that paid it: the applicant or a companion on the request'),
  share_per_pilgrim_minor: z.int().describe('This part divided among the pilgrims, rounded up to the halala'),
});
export const paymentPlanView = z.object({
  choice: z.enum(['full', 'instalments']).nullable().describe('How the pilgrim chose to pay, once the first payment is made; null before'),
  deposit_offered: z.boolean().describe('While nothing is paid: whether a deposit may be paid instead of the whole fee (POST /requests/{id}/payments with part "deposit")'),
  parts: z.array(paymentPlanPart).describe('While choosing with a plan offered: the plan’s parts; once chosen: the parts of the choice; otherwise the fee as one part'),
  outstanding_minor: z.int().describe('What is still to pay; 0 once the request is closed'),
  fee_per_pilgrim_minor: z.int().describe('The fee split per pilgrim'),
  grace_days: z.int().describe('Days after an instalment’s due date before the request is cancelled for it'),
});
export type PaymentPlanView = z.infer<typeof paymentPlanView>;

export const requestPayment = z.object({
  id: uuid,
  part: z.string().describe('full, deposit, instalment-1, … or difference-1, … (a dearer package chosen after paying)'),
  paid_by: z.string().nullable().describe('The name of the account that paid'),
  status: paymentViewStatus,
  amount_minor: z.int(),
  refunded_minor: refundedMinor,
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
export type RequestPayment = z.infer<typeof requestPayment>;

export const requestDocument = z.object({
  id: uuid,
  pilgrim: z.string().describe('Whose it is: applicant, or companion-0, companion-1, … (their place in the answers now)'),
  pilgrim_id: uuid.nullable().describe('The companion’s stable id (data.companions[n].pilgrim_id), which the document is kept against; null for the applicant’s'),
  kind: z.enum(['passport', 'photo']),
  file_name: z.string(),
  mime: z.string(),
  size: z.int(),
  created_at: timestamp,
});
export type RequestDocument = z.infer<typeof requestDocument>;

export const requestHistoryEntry = z.object({ from: requestStatus.nullable(), to: requestStatus, actor: z.enum(['user', 'office', 'system']), note: z.string().nullable(), at: timestamp });
export type RequestHistoryEntry = z.infer<typeof requestHistoryEntry>;

/** A flagged field's ready-made reason (a code of lib/office/change-reasons.ts) and the reviewer's note. */
export const flagNote = z.object({ reason: z.string().nullable(), note: z.string().nullable() });
export type FlagNote = z.infer<typeof flagNote>;

/** An invitation as the applicant sees it, on the request (GET /requests/{id}). */
export const companionInvitation = z.object({
  pilgrim: z.string().describe('The companion it was sent for: companion-0, companion-1, … (their place in the answers now)'),
  pilgrim_id: uuid.describe('That companion’s stable id (data.companions[n].pilgrim_id): the invitation follows them through every removal and reorder'),
  email: z.string(),
  state: z.enum(['invited', 'accepted']).describe('invited: the link not used yet; accepted: the companion has signed in with that address and sees their part'),
  invited_at: timestamp,
  expires_at: timestamp.describe('Until then the link can be used; a new invitation sends a new link'),
  confirmed_at: nullableTimestamp.describe('When the companion said "these details are mine and correct", while their answers still read as then; null otherwise'),
  edited_at: nullableTimestamp.describe('When the companion last corrected their own answers'),
  edited_fields: z.array(z.string()).describe('The answers the companion has changed themselves (name_ar, passport_number, …)'),
});
export type CompanionInvitation = z.infer<typeof companionInvitation>;

/** The whole request: answers, documents, payments and the status timeline. */
export const requestDetails = requestSummary.extend({
  data: z.record(z.string(), z.unknown()).describe('The answers, per step'),
  flagged: z
    .record(z.string(), z.array(z.string()))
    .nullable()
    .describe('While changes are requested: per pilgrim (applicant, companion-0, … their place in the answers now; kept against each companion’s pilgrim_id), the answer fields and documents the office asked to change'),
  flag_notes: z
    .record(z.string(), z.record(z.string(), flagNote))
    .nullable()
    .describe('While changes are requested: per pilgrim and flagged field, the ready-made reason (a code; its text is ChangeReasons.<code> in either language) and the reviewer’s note'),
  changes_due_at: nullableTimestamp.describe('While changes are requested: the deadline the office gave for them, if any'),
  payments: z.array(requestPayment),
  documents: z.array(requestDocument),
  history: z.array(requestHistoryEntry),
  invitations: z.array(companionInvitation).describe('The companions invited to their own part (issue 42), live invitations only'),
  payment_plan: paymentPlanView.nullable().describe('The fee as its parts, each paid or not (issue 42); null before the request has a fee'),
  fee_package: z.string().nullable().describe('The package whose places the request holds, the one its fee_minor is for once sent; null while it holds none'),
  package_paid_for: z
    .object({ package: z.string(), fee_minor: z.int() })
    .nullable()
    .describe('While changes are requested and a dearer package’s difference is owed: the package and fee paid for, kept until money.next_due.due_at (unpaid by then, the request goes back to them); null otherwise'),
});
export type RequestDetails = z.infer<typeof requestDetails>;

/** The next instalment owed on a request paid in parts, once it is near (GET /me/needs-doing). */
export const instalmentDue = z.object({
  part: z.string().describe('instalment-1, instalment-2, …'),
  amount_minor: z.int(),
  due_at: timestamp.describe('The end of its Hijri day in Riyadh'),
  late: z.boolean().describe('Past its due date: the request is cancelled once the grace (grace_days) has passed too'),
  grace_days: z.int(),
});

/** What needs doing on the account (GET /me/needs-doing): the account page's first section and the header's count. */
export const needsDoing = z.object({
  count: z.int().describe('Payments due, instalments due and changes asked for'),
  awaiting_payment: z.array(requestSummary),
  changes_requested: z.array(
    requestSummary.extend({
      office_note: z.string().nullable(),
      difference_due: z
        .object({ part: z.string().describe('difference-1, difference-2, …'), amount_minor: z.int(), due_at: nullableTimestamp.describe('Its pay-by time: unpaid by then, the request goes back to the package and fee it was paid for') })
        .nullable()
        .describe('Sent again with a dearer package than was paid for: the difference to pay (POST /requests/{id}/payments), whose payment sends the request back to the office; null otherwise'),
    }),
  ),
  instalments_due: z
    .array(requestSummary.extend({ instalment: instalmentDue }))
    .describe('Requests paid in parts whose next instalment falls due within 14 days, or is late (in the grace before the request is cancelled); soonest first, counted'),
  reserved: z.array(requestSummary).describe('On a reserve list, with reserve_position; nothing to do but wait, so not counted'),
  drafts: z.array(requestSummary),
});
export type NeedsDoing = z.infer<typeof needsDoing>;
