import { z } from '@/lib/validation/z';
import { encodeRule, numericText, rules, textField } from '@/lib/validation/rules';
import { REQUEST_STATUSES } from '@/lib/requests/statuses';
import { PACKAGES } from '@/lib/requests/packages';
import { MAX_PLACES } from '@/lib/requests/places';
import { MAX_INSTALMENTS } from '@/lib/payments/payment-plan';

// The office's queue and its moves (issue 18, items 2, 4 and 8): the query the
// console keeps in its URL, and the bodies of the moves.

/** The statuses the office sees: a draft is the pilgrim's own until it is sent. */
export const QUEUE_STATUSES = REQUEST_STATUSES.filter((status) => status !== 'draft');

export const queueQuerySchema = z.object({
  status: textField([rules.one_of(QUEUE_STATUSES)], { optional: true }),
  type: textField([rules.one_of(['hajj', 'umrah'])], { optional: true }),
  // Sent on or after / on or before these Hijri days (DD-MM-YYYY), in the office's time zone.
  submitted_from: textField([rules.hijri_date_format()], { optional: true }),
  submitted_to: textField([rules.hijri_date_format()], { optional: true }),
  assigned: textField([rules.one_of(['me', 'unassigned'])], { optional: true }),
  // Whose work (issue 41, item 1): mine (assigned to me, by lateness), unassigned (the team's pool), or all (the default for the API).
  view: textField([rules.one_of(['mine', 'unassigned', 'all'])], { optional: true }),
  package: textField([rules.one_of(PACKAGES)], { optional: true }),
  // Past the review deadline only.
  overdue: textField([rules.one_of(['1'])], { optional: true }),
  // Possible duplicates only (a pilgrim on another active request, issue 41, item 4).
  duplicates: textField([rules.one_of(['1'])], { optional: true }),
  // A refund proposed and awaiting a second member's approval only (issue 63, item 4).
  refund: textField([rules.one_of(['awaiting'])], { optional: true }),
  // A reference, the account's e-mail address, or any pilgrim's name (Arabic or Latin, a part), passport number or national ID.
  q: textField([rules.max(100)], { optional: true }),
  page: textField([rules.integer(), rules.min_value(1), rules.max_value(10_000)], { optional: true }).transform((page) => Number(page ?? 1)),
});
export type QueueQuery = z.output<typeof queueQuerySchema>;

/** The export: the queue's filters, and the language of its labels and words (the console's; else the reader's). */
export const exportQuerySchema = queueQuerySchema.extend({
  locale: textField([rules.one_of(['en', 'ar'])], { optional: true }),
});

/** What a reviewer may ask a pilgrim to change: answer fields and documents, per pilgrim. */
export const FLAGGABLE = ['name_ar', 'name_latin', 'date_of_birth', 'gender', 'nationality', 'national_id', 'passport_number', 'passport_expiry', 'mobile', 'email', 'passport', 'photo'] as const;
// A pilgrim by label (companion-<n>: whoever is at that place now) or by a companion's pilgrim_id; kept by id (lib/server/requests/companions.ts).
const PILGRIM_KEY = /^(applicant|companion-(?:[0-9]|1[0-9])|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The office's moves in the console. `note` is the message to the pilgrim
 * (required to ask for changes or to reject); `flags` names, per pilgrim,
 * what to change (with changes_requested only).
 */
export const officeReviewSchema = z
  .object({
    status: textField([rules.one_of(['under_review', 'changes_requested', 'approved', 'rejected', 'cancelled'])]),
    note: textField([rules.max(2000)], { optional: true }),
    flags: z.record(z.string().regex(PILGRIM_KEY), z.array(z.enum(FLAGGABLE)).max(FLAGGABLE.length)).optional(),
    // Per flagged field: a ready-made reason (lib/office/change-reasons.ts) and a note, sent to the pilgrim in their language (issue 41, item 8).
    flag_notes: z
      .record(z.string().regex(PILGRIM_KEY), z.partialRecord(z.enum(FLAGGABLE), z.object({ reason: textField([rules.max(64)], { optional: true }), note: textField([rules.max(500)], { optional: true }) })))
      .optional(),
    // The deadline for the changes: a Hijri day (DD-MM-YYYY), the end of that day in the office's time zone.
    changes_due: textField([rules.hijri_date_format()], { optional: true }),
    // With cancelled, on a paid request: the refund proposed, in halalas, when less than all that was paid goes back.
    refund_minor: textField([rules.integer(), rules.min_value(1), rules.max_value(100_000_000)], { ...numericText, optional: true }).transform((value) => (value === undefined ? undefined : Number(value))),
  })
  .superRefine((value, ctx) => {
    if ((value.status === 'changes_requested' || value.status === 'rejected' || value.status === 'cancelled') && !value.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: encodeRule('required') });
    }
    if (value.status === 'changes_requested' && !Object.values(value.flags ?? {}).some((fields) => fields.length > 0)) {
      ctx.addIssue({ code: 'custom', path: ['flags'], message: encodeRule('required') });
    }
  });
export type OfficeReviewInput = z.output<typeof officeReviewSchema>;

/** A receipt number as printed: letters, digits and - / . _ (Arabic-Indic digits read as Western), at most 40. */
export const RECEIPT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,39}$/;

/**
 * Money received at the office's counter (DESIGN section 9): the amount in
 * halalas (it must be the request's fee) and the number of the receipt handed
 * over. In the console the member signed in is who received it.
 */
export const counterPaymentSchema = z.object({
  amount_minor: textField([rules.integer(), rules.min_value(0), rules.max_value(100_000_000)], numericText).transform((value) => Number(value)),
  receipt_number: textField([rules.max(40), rules.regex(RECEIPT_NUMBER)], numericText),
});
export type CounterPaymentInput = z.output<typeof counterPaymentSchema>;

/** The same through the operator API, naming who received it: the e-mail address of an active finance member or admin. */
export const opsCounterPaymentSchema = counterPaymentSchema.extend({
  received_by: textField([rules.email()]),
});
export type OpsCounterPaymentInput = z.output<typeof opsCounterPaymentSchema>;

export const assignSchema = z.object({ assign: textField([rules.one_of(['me', 'nobody'])]) });

/** POST /office/requests/bulk (issue 41, item 3): one action on many requests, each as if done one by one. */
export const bulkSchema = z
  .object({
    ids: z.array(z.uuid()).min(1).max(100),
    action: textField([rules.one_of(['assign', 'release', 'note'])]),
    // With assign: "me" or a member's id.
    assign: z.union([z.literal('me'), z.uuid()]).optional(),
    // With note: the internal note.
    body: textField([rules.min(1), rules.max(4000)], { optional: true }),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'assign' && !value.assign) ctx.addIssue({ code: 'custom', path: ['assign'], message: encodeRule('required') });
    if (value.action === 'note' && !value.body) ctx.addIssue({ code: 'custom', path: ['body'], message: encodeRule('required') });
  });
export type BulkInput = z.output<typeof bulkSchema>;

/**
 * POST /office/requests/{id}/package-refund: a member proposes the refund of a cheaper package's difference (issue 57,
 * item 6), all of it when `refund_minor` is left out; a note for the books.
 */
export const packageRefundSchema = z.object({
  refund_minor: textField([rules.integer(), rules.min_value(1), rules.max_value(100_000_000)], { ...numericText, optional: true }).transform((value) => (value === undefined ? undefined : Number(value))),
  note: textField([rules.max(2000)], { optional: true }),
});

/** POST /office/requests/{id}/refund-approval: a second member decides a proposed refund. */
export const refundApprovalSchema = z.object({ decision: textField([rules.one_of(['approve', 'refuse'])]) });

/** POST /office/saved-filters: a member names the queue's filters as they are in the URL. */
export const savedFilterSchema = z.object({ name: textField([rules.min(1), rules.max(60)]), query: textField([rules.max(500)]) });

/** PUT /office/calendar: the days of the week the office works (0 = Sunday) and its holidays (Hijri DD-MM-YYYY). */
export const officeCalendarSchema = z.object({
  work_days: z.array(z.int().min(0).max(6)).min(1).max(7),
  holidays: z.array(textField([rules.hijri_date_format()])).max(100),
});
export const noteSchema = z.object({ body: textField([rules.min(1), rules.max(4000)]) });

export const auditQuerySchema = z.object({
  actor: textField([rules.max(254)], { optional: true }),
  action: textField([rules.max(64)], { optional: true }),
  target: textField([rules.max(64)], { optional: true }),
  // A request's reference (any case): its entries, and those of its documents.
  reference: textField([rules.max(32)], { optional: true }),
  // On or after / on or before these Hijri days (DD-MM-YYYY), in the office's time zone.
  from: textField([rules.hijri_date_format()], { optional: true }),
  to: textField([rules.hijri_date_format()], { optional: true }),
  page: textField([rules.integer(), rules.min_value(1), rules.max_value(10_000)], { optional: true }).transform((page) => Number(page ?? 1)),
});

/**
 * An admin's change to a service in the catalogue (issue 18, item 6): the fee
 * per pilgrim in halalas, the season (Hijri), the companion limit. Only the
 * fields sent change. The currency stays SAR: the gateways are set up for it.
 */
/** A fee per pilgrim in halalas: a whole number from 0; a number sent as text is read as its digits. */
const feeValue = textField([rules.integer(), rules.min_value(0), rules.max_value(100_000_000)]).transform(Number);

/** A package's places: null (unlimited) or a whole number from 0; a number sent as text is read as its digits. */
const placesValue = z.union([z.null(), textField([rules.integer(), rules.min_value(0), rules.max_value(MAX_PLACES)]).transform(Number)]);

/** A percent of the fee: a whole number from 1 to 99. */
const percentValue = textField([rules.integer(), rules.min_value(1), rules.max_value(99)], numericText).transform(Number);

/**
 * A payment plan (issue 42, docs/INSTALMENTS.md): the deposit's percent, then each instalment's percent and due date,
 * in either calendar (Hijri DD-MM-YYYY or Gregorian YYYY-MM-DD; kept as Hijri). Null: the fee is paid in one go.
 * The dates' order and the percents' sum are checked with the season in changeCatalogue.
 */
const paymentPlanValue = z.union([
  z.null(),
  z.object({
    deposit_percent: percentValue,
    instalments: z.array(z.object({ percent: percentValue, due: textField([rules.max(10)]) })).min(1).max(MAX_INSTALMENTS),
  }),
]);

// A moment with its offset, as the API writes them (2027-02-01T09:00:00+03:00, or …Z).
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const minutesValue = (min: number, max: number) => textField([rules.integer(), rules.min_value(min), rules.max_value(max)], numericText).transform(Number);

/**
 * A service's opening (issue 59, docs/OPENING.md): when sending opens, how many are admitted a minute, how long
 * before it the queue opens (30 minutes unless sent), how long an admitted pilgrim has to send (15). Null removes it.
 */
export const openingValue = z.union([
  z.null(),
  z.object({
    opens_at: textField([rules.regex(MOMENT)]).transform((value) => new Date(value)),
    admit_per_minute: minutesValue(1, 100_000),
    queue_opens_minutes_before: minutesValue(0, 1440).optional(),
    send_window_minutes: minutesValue(1, 1440).optional(),
  }),
]);
export type OpeningChange = z.output<typeof openingValue>;

export const catalogueChangeSchema = z
  .object({
    fee_minor: feeValue.optional(),
    season_start: textField([rules.hijri_date_format()], { optional: true }),
    season_end: textField([rules.hijri_date_format()], { optional: true }),
    companion_limit: textField([rules.integer(), rules.min_value(0), rules.max_value(20)], { optional: true }).transform((value) => (value === undefined ? undefined : Number(value))),
    // The packages offered, among those the messages name (at least one: checked with the rest in changeCatalogue).
    packages: z.array(z.enum(PACKAGES)).max(PACKAGES.length).optional(),
    // Taking applications or not: a closed service starts no new application and sends no draft.
    open: z.union([z.boolean(), z.enum(['true', 'false'])]).optional().transform((value) => (value === undefined ? undefined : value === true || value === 'true')),
    // Places per package for the season (docs/PLACES.md): a whole number, or null for unlimited; packages left out keep theirs.
    // Which packages: those the service offers after this change (checked in changeCatalogue, 422 otherwise).
    places: z.record(z.string().max(40), placesValue).optional(),
    // Each package's own fee per pilgrim, in halalas (issue 40); packages left out keep theirs. `fee_minor` alone sets
    // every package's fee to one price, as before packages had their own; sent together, fees_minor has the last word.
    fees_minor: z.record(z.string().max(40), feeValue).optional(),
    // The review target in working days, and when its clock starts (issue 41, item 2).
    review_days: textField([rules.integer(), rules.min_value(1), rules.max_value(60)], { ...numericText, optional: true }).transform((value) => (value === undefined ? undefined : Number(value))),
    clock_from: textField([rules.one_of(['sent', 'paid'])], { optional: true }).transform((value) => value as 'sent' | 'paid' | undefined),
    payment_plan: paymentPlanValue.optional(),
    opening: openingValue.optional(),
  });
export type CatalogueChange = z.output<typeof catalogueChangeSchema>;

/** The console's controls of an opening under way (issue 59, item 4): the rate changes in the catalogue. */
export const openingControlSchema = z.object({ action: z.enum(['pause', 'resume', 'end']) });

/** An admin's change to a member: a role, disabled or not. */
export const staffChangeSchema = z.object({
  role: textField([rules.one_of(['reviewer', 'finance', 'admin'])], { optional: true }),
  disabled: z.union([z.boolean(), z.enum(['true', 'false'])]).optional().transform((value) => (value === undefined ? undefined : value === true || value === 'true')),
});
