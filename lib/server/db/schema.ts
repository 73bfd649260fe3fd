import { sql } from 'drizzle-orm';
import type { RequestStatus } from '@/lib/requests/statuses';
import type { RequestStep } from '@/lib/requests/steps';
import type { RequestDocument, RequestHistoryEntry } from '@/lib/contract';
import type { StoredPaymentStatus } from '@/lib/contract/payments';
import type { PaymentPlan } from '@/lib/payments/payment-plan';
import { type AnyPgColumn, bigint, bigserial, boolean, check, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phone: text('phone'),
    // When the owner proved the mobile number above theirs with a code sent to it (issue 62); null for a new or changed number.
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    locale: text('locale').notNull().default('ar'),
    passwordHash: text('password_hash').notNull(),
    // Set when the account has a password its owner chose (false: made by Google sign-in, no password yet).
    hasPassword: boolean('has_password').notNull().default(true),
    // Google's stable user id (the ID token's `sub`) once Google is linked: Google sign-in finds the account by it.
    googleSub: text('google_sub').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One account per e-mail address, whatever its letter case.
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the token, hex; the token itself is never stored.
    tokenHash: text('token_hash').notNull().unique(),
    // The browser's User-Agent as last seen (at most 512 characters), for "your devices".
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

// Fixed-window counters shared by every app instance (sign-in rate limits).
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// The services on offer (seeded by a migration); fees in minor units (halalas).
export const requestTypes = pgTable('request_types', {
  id: text('id').primaryKey(),
  // The reference prefix, e.g. HJ in HJ-1447-000123.
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  // The lowest fee of the packages offered ("from", on the home page); what a request pays is its package's (packageFees).
  feeMinor: integer('fee_minor').notNull(),
  // Per package, its fee per pilgrim in halalas, set by the office (issue 40); a package without one costs feeMinor.
  packageFees: jsonb('package_fees').$type<Record<string, number>>().notNull().default({}),
  currency: text('currency').notNull().default('SAR'),
  // The season, Hijri (Umm al-Qura) DD-MM-YYYY: from the first day applications are taken to the last day of
  // travel (Hajj: the last day of Hajj, 13 Dhu al-Hijjah). The travel months offered lie inside it.
  seasonStart: text('season_start').notNull(),
  seasonEnd: text('season_end').notNull(),
  // The last day an application can be sent, when it comes before the season's end (Hajj: Shawwal, months
  // before the pilgrimage); null: the season's last day (Umrah). docs/PLACES.md, "Hajj in its month".
  applicationsClose: text('applications_close'),
  // The rite's own days (Hajj: 8-13 Dhu al-Hijjah of its year); null for a service without fixed days (Umrah).
  // No travel month after the month they start in is offered: arrival must reach them.
  pilgrimageStart: text('pilgrimage_start'),
  pilgrimageEnd: text('pilgrimage_end'),
  companionLimit: integer('companion_limit').notNull().default(13),
  packages: jsonb('packages').$type<string[]>().notNull(),
  // The office's switch: a closed service starts no new application and sends no draft (issue 18, item 6).
  open: boolean('open').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  // The office's review target (issue 41, item 2): working days from sending (or from payment) to a decision.
  reviewDays: integer('review_days').notNull().default(5),
  // When the review clock starts: 'sent' (the default) or 'paid'.
  clockFrom: text('clock_from').$type<'sent' | 'paid'>().notNull().default('sent'),
  // A deposit, then instalments by fixed dates (issue 42, item 3; docs/INSTALMENTS.md); null: the fee is paid in one go.
  paymentPlan: jsonb('payment_plan').$type<PaymentPlan>(),
});

export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typeId: text('type_id')
      .notNull()
      .references(() => requestTypes.id),
    status: text('status').$type<RequestStatus>().notNull().default('draft'),
    reference: text('reference').unique(),
    // The answers, grouped by step; every autosave bumps the version.
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    step: text('step').$type<RequestStep>().notNull().default('service'),
    // Steps the user finished with "Continue" and that passed their checks.
    completedSteps: jsonb('completed_steps').$type<RequestStep[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    // Fixed at every submit from the pilgrims then in the request (DESIGN section 6).
    feeMinor: integer('fee_minor'),
    currency: text('currency'),
    // How many pilgrims the fee was computed for: a paid request sent again after
    // changes must still be for that many (more pilgrims would go unpaid).
    feePilgrims: integer('fee_pilgrims'),
    pilgrims: integer('pilgrims').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    // When the "pay within 24 hours" reminder went out, so it goes out once.
    paymentReminderAt: timestamp('payment_reminder_at', { withTimezone: true }),
    // The staff member working on it (the office console's "assign to me"); no FK to keep the schema order simple: staff are never deleted.
    assignedStaffId: uuid('assigned_staff_id'),
    // What the office asked to change, per pilgrim ('applicant', or a companion's pilgrim_id: never their place in the
    // list; lib/server/requests/companions.ts): answer fields and document kinds.
    // Set with changes_requested; the pilgrim's edit form highlights them; cleared when the request is sent again.
    flagged: jsonb('flagged').$type<Record<string, string[]>>(),
    // Per flagged field, the ready-made reason (a code of lib/office/change-reasons.ts) and the reviewer's note, per pilgrim (issue 41, item 8).
    flagNotes: jsonb('flag_notes').$type<Record<string, Record<string, { reason: string | null; note: string | null }>>>(),
    // The date by which the office asked the pilgrim to send the changes (a deadline told to the pilgrim, not enforced).
    changesDueAt: timestamp('changes_due_at', { withTimezone: true }),
    // The answers as they were when changes were asked: the console shows old -> new after the pilgrim sends again.
    previousData: jsonb('previous_data').$type<Record<string, unknown>>(),
    // The review clock (lib/server/office/review-clock.ts): the moment a decision is due while it runs, null while it
    // does not (not yet started, paused while changes are asked, or stopped by a decision).
    dueAt: timestamp('due_at', { withTimezone: true }),
    // While paused: the working time it had left, in seconds, resumed from when the pilgrim sends again.
    clockLeftSeconds: integer('clock_left_seconds'),
    // The service's payment plan as it was when the pilgrim chose to pay the deposit: later changes to the catalogue
    // never move a due date or an amount already promised. Null: paid (or to be paid) in full.
    paymentPlan: jsonb('payment_plan').$type<PaymentPlan>(),
    // A dearer package chosen after paying (issue 57, item 6): the difference is to be paid by then, or the request goes
    // back to the package and fee it was paid for (package_changes, the deadlines sweep). Null while nothing is owed so.
    differenceDueAt: timestamp('difference_due_at', { withTimezone: true }),
  },
  (table) => [
    index('requests_user_status_idx').on(table.userId, table.status, table.updatedAt),
    // The requests list (everything sent, latest change first). Drafts are left out of it: every
    // autosave writes a new version of a draft, and in the index above each version leaves an entry
    // that the list had to step over (13,000 entries for 20 sent requests after the bench's saves).
    // The list's filter is written as this predicate (`sentRequest` in requests.ts) so a prepared plan can use it.
    index('requests_user_sent_idx').on(table.userId, table.updatedAt.desc().nullsFirst(), table.id.desc().nullsFirst()).where(sql`status <> 'draft'`),
    // The office's queue: by status, oldest first.
    index('requests_status_submitted_idx').on(table.status, table.submittedAt),
    // "My work" by lateness: a member's requests by their review deadline.
    index('requests_assigned_due_idx').on(table.assignedStaffId, table.dueAt),
  ],
);

// The places of a package for the season (docs/PLACES.md). `places` null: unlimited (the default);
// `held`: the places the requests' holds count, kept by the guarded updates of
// lib/server/requests/places.ts and by the trigger that gives a deleted hold's places back
// (drizzle/0017_package_places.sql). A row exists for every package that ever held a place,
// unlimited ones too, so a number set later starts from the places already taken.
export const packagePlaces = pgTable(
  'package_places',
  {
    typeId: text('type_id')
      .notNull()
      .references(() => requestTypes.id),
    package: text('package').notNull(),
    places: integer('places'),
    held: integer('held').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.typeId, table.package] }),
    check('package_places_places_check', sql`${table.places} is null or ${table.places} >= 0`),
    // No guard may take a place twice: a bug here fails the statement rather than counting below zero.
    check('package_places_held_check', sql`${table.held} >= 0`),
  ],
);

// What one request holds: its package and how many places (one per pilgrim).
// Deleting the row gives the places back (a trigger), so a request deleted by
// any path (a draft, an account) never leaves places counted.
export const placeHolds = pgTable(
  'place_holds',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    typeId: text('type_id').notNull(),
    package: text('package').notNull(),
    places: integer('places').notNull(),
    // Until when, unpaid: the pay-by time. Null once paid (payment keeps the places).
    heldUntil: timestamp('held_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.typeId, table.package], foreignColumns: [packagePlaces.typeId, packagePlaces.package] }),
    check('place_holds_places_check', sql`${table.places} > 0`),
    // The sweep of reopened drafts past their pay-by time.
    index('place_holds_held_until_idx').on(table.heldUntil),
  ],
);

// A dearer package chosen after paying, its difference not paid yet (issue 57, item 6; docs/INSTALMENTS.md): the
// package and fee the request was paid for, whose places it keeps meanwhile (counted as a hold is, and given back
// by the same trigger when the row goes: the difference paid, or the request deleted). Past the request's
// difference_due_at the new package's hold goes back and the request returns to these (the deadlines sweep).
export const packageChanges = pgTable(
  'package_changes',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    typeId: text('type_id').notNull(),
    package: text('package').notNull(),
    places: integer('places').notNull(),
    feeMinor: integer('fee_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.typeId, table.package], foreignColumns: [packagePlaces.typeId, packagePlaces.package] }),
    check('package_changes_places_check', sql`${table.places} > 0`),
  ],
);

// The reserve list of a package (docs/PLACES.md): one row per request waiting for places,
// in the order joined (seq); places given back are offered down the list.
export const reserveList = pgTable(
  'reserve_list',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    typeId: text('type_id').notNull(),
    package: text('package').notNull(),
    // The request's pilgrims: the places it needs (fixed while it waits, a reserved request is not editable).
    places: integer('places').notNull(),
    // First come, first served: the order of joining, with no ties.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ columns: [table.typeId, table.package], foreignColumns: [packagePlaces.typeId, packagePlaces.package] }),
    check('reserve_list_places_check', sql`${table.places} > 0`),
    index('reserve_list_package_seq_idx').on(table.typeId, table.package, table.seq),
  ],
);

// Every move of a request, with who made it and why.
export const requestHistory = pgTable(
  'request_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<RequestStatus>(),
    toStatus: text('to_status').$type<RequestStatus>().notNull(),
    actor: text('actor').$type<RequestHistoryEntry['actor']>().notNull(),
    note: text('note'),
    // The staff member who made an office move in the console (null for the ops key, the pilgrim and the system).
    staffId: uuid('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('request_history_request_idx').on(table.requestId, table.createdAt)],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    // Whose it is: 'applicant', or the companion's pilgrim_id (data.companions[n].pilgrim_id), never their place in
    // the list (lib/server/requests/companions.ts); deleted with them when they are removed (family-changes.ts).
    pilgrim: text('pilgrim').notNull(),
    kind: text('kind').$type<RequestDocument['kind']>().notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('documents_request_idx').on(table.requestId)],
);

// The last reference number handed out per type and Hijri year.
export const referenceCounters = pgTable(
  'reference_counters',
  {
    code: text('code').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (table) => [primaryKey({ columns: [table.code, table.year] })],
);

// A payment of a request's fee through a gateway. At most one in flight and
// one paid per request (partial unique indexes), so money is never taken twice.
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    // initiated → pending → paid | failed | voided (the request stopped awaiting it);
    // paid → refunding → refunded; money that arrives on a voided or mismatched
    // payment goes pending/voided → refunding → refunded. `refunding` is money
    // owed back: the refund sweep retries it until the gateway confirms.
    status: text('status').$type<StoredPaymentStatus>().notNull().default('initiated'),
    failureReason: text('failure_reason'),
    // Why the money went back: cancelled, not_awaiting_payment, amount_mismatch.
    refundReason: text('refund_reason'),
    cardLast4: text('card_last4'),
    idempotencyKey: text('idempotency_key'),
    redirectUrl: text('redirect_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    // What goes back when less than all of it does (a partial refund approved by two people, issue 41 item 5); null: all of amount_minor.
    refundAmountMinor: integer('refund_amount_minor'),
    // Money received at the office's counter (provider `counter`): the number of the
    // receipt handed to the payer, and the finance member (or admin) who received it.
    receiptNumber: text('receipt_number'),
    recordedByStaffId: uuid('recorded_by_staff_id').references((): AnyPgColumn => staff.id),
    // Which part of the fee it pays (issue 42): `full`, `deposit`, or `instalment-1`, `instalment-2`, … of the request's plan;
    // `difference-1`, `difference-2`, … the difference of a dearer package chosen after paying (issue 57, item 6).
    part: text('part').notNull().default('full'),
    // What of this payment goes back because a cheaper package was chosen after paying, while the request stays
    // open (issue 57, item 6; approved by two members), over every such change. The payment stays `paid` for the
    // rest: a later refund gives back at most amount_minor minus what went back this way.
    changeRefundMinor: integer('change_refund_minor').notNull().default(0),
    // How much of that the gateway confirmed; less while a refund is on its way (the refund sweep retries it).
    changeRefundedMinor: integer('change_refunded_minor').notNull().default(0),
    // The request's fee when this payment was taken (its receipt's "Total fee" and "Still to pay after this payment",
    // which a later package change must not rewrite). Null: not taken for the fee.
    feeMinor: integer('fee_minor'),
  },
  (table) => [
    index('payments_request_idx').on(table.requestId, table.createdAt),
    // A counter payment always says which receipt and who; a receipt is recorded once, whatever its case or spaces
    // (its normal form, lib/server/payments/counter.ts normalReceiptNumber; drizzle/0025_counter_receipt_case.sql).
    check('payments_counter_recorded', sql`${table.provider} <> 'counter' or (${table.receiptNumber} is not null and ${table.recordedByStaffId} is not null)`),
    uniqueIndex('payments_counter_receipt_key').on(sql`upper(btrim(${table.receiptNumber}))`).where(sql`provider = 'counter'`),
    // A key answers the same payment of the same request only: a key reused on another request starts its own.
    uniqueIndex('payments_user_request_idempotency_key').on(table.userId, table.requestId, table.idempotencyKey),
    uniqueIndex('payments_provider_id_key').on(table.provider, table.providerPaymentId),
    uniqueIndex('payments_one_in_flight').on(table.requestId).where(sql`status in ('initiated', 'pending')`),
    // Each part of the fee is paid once (a request without a plan has one part, `full`).
    uniqueIndex('payments_one_paid_part').on(table.requestId, table.part).where(sql`status = 'paid'`),
    check('payments_change_refund', sql`${table.changeRefundedMinor} >= 0 and ${table.changeRefundedMinor} <= ${table.changeRefundMinor} and ${table.changeRefundMinor} < ${table.amountMinor}`),
  ],
);

// A paid or refunded payment of a deleted account, kept for the office's books
// with nothing that names a person: the account and its requests are gone.
// `id` is the payment's own id and `provider_payment_id` finds it in the
// gateway's ledger; the request's reference (e.g. HJ-1448-000123) is what the
// gateway's statement shows. The card's last four digits are not kept: the
// gateway holds the card details, and amount, time and card digits together
// could single out the cardholder.
export const retainedPayments = pgTable('retained_payments', {
  id: uuid('id').primaryKey(),
  provider: text('provider').notNull(),
  providerPaymentId: text('provider_payment_id'),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  requestReference: text('request_reference'),
  requestTypeId: text('request_type_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  // Which part of the fee it paid, what of it went back (a partial refund, a package change's refund) and why.
  part: text('part').notNull().default('full'),
  refundedMinor: integer('refunded_minor').notNull().default(0),
  refundReason: text('refund_reason'),
  accountDeletedAt: timestamp('account_deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

// The reminders sent for a part of a request's payment plan, one row each: sent once, whatever the instances running the sweep.
export const instalmentReminders = pgTable(
  'instalment_reminders',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    part: text('part').notNull(),
    // `week` (7 days before the due date), `day` (1 day before), `missed` (cancelled for it).
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.requestId, table.part, table.kind] })],
);

// The built-in test gateway's own ledger: what a real gateway keeps on its side.
export const testGatewayPayments = pgTable('test_gateway_payments', {
  id: text('id').primaryKey(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  status: text('status').notNull().default('initiated'),
  failureReason: text('failure_reason'),
  cardLast4: text('card_last4'),
  returnUrl: text('return_url').notNull(),
  callbackUrl: text('callback_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Secrets the app makes for itself at first start (the test gateway's signing key, later VAPID keys).
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Something that happened to a user. Only the type and its parameters are kept:
// the text is rendered when it is read, in the reader's language. `seq` orders
// the live stream and lets a reconnecting tab resume (Last-Event-ID).
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_seq_idx').on(table.userId, table.seq),
    index('notifications_user_unread_idx').on(table.userId).where(sql`read_at is null`),
  ],
);

// A browser that receives push messages for a user: a Web Push subscription
// (endpoint and keys) or an FCM registration token. `token` is what the
// client names it by in PATCH/DELETE /devices/{token} and at logout.
export const pushDevices = pgTable(
  'push_devices',
  {
    token: text('token').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(), // 'webpush' | 'fcm'
    endpoint: text('endpoint'),
    p256dh: text('p256dh'),
    auth: text('auth'),
    // The registering browser's User-Agent (at most 512 characters), for "your devices".
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_devices_user_idx').on(table.userId)],
);

// Push messages still to send, written in the same transaction as their
// notification: a crash loses none. A sender leases a row by moving
// next_attempt_at forward, and deletes it once the push service took it.
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    deviceToken: text('device_token')
      .notNull()
      .references(() => pushDevices.token, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_outbox_due_idx').on(table.nextAttemptAt)],
);

// A link (and, for verification, a 6-digit code) sent by e-mail: verify_email,
// change_email (`email` is the new address, which replaces the account's only
// once verified) or reset_password. Only hashes are kept; single use.
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    // SHA-256 of "<user id>:<code>"; null for links that come without a code,
    // and once the code is retired (a newer code of the purpose was issued).
    // A code lives 30 minutes from created_at (the link until expires_at).
    codeHash: text('code_hash'),
    // Typed codes checked against this one (counted before the check); past 5 it is dead.
    codeTries: integer('code_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_tokens_user_idx').on(table.userId, table.purpose)],
);

// E-mails still to send, written in the same transaction as their cause
// (registration, a reset request, a notification): a crash or an SMTP outage
// loses none. Leased and retried like push_outbox; deleted once sent.
// `to_address` null means the account's current address; `params` may hold a
// link's token until the message is sent (the row is deleted then).
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address'),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_due_idx').on(table.nextAttemptAt)],
);

// Which notification e-mails a user wants; no row means the defaults (all on).
// Account and security messages are always sent and have no switch.
export const emailPreferences = pgTable('email_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  requests: boolean('requests').notNull().default(true),
  payments: boolean('payments').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// The one live code that confirms an account's mobile number (issue 62, item 2): a new code replaces the last (the
// key is the account), it is stored hashed with the account and the number it was sent to, lives 10 minutes, and
// dies after 5 typed codes.
export const mobileCodes = pgTable('mobile_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Each text message, from its queuing to its delivery receipt (issue 62): the outbox (state queued or
// failed_temporary, not yet sent, due at next_attempt_at) and the record of how it went. A code's text is blanked
// once it went; text_hash stays for the rule "never the same text twice to a number within 10 minutes".
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toNumber: text('to_number').notNull(),
    text: text('text').notNull(),
    textHash: text('text_hash').notNull(),
    segments: integer('segments').notNull(),
    // queued, sent, delivered, failed_permanent, failed_temporary (lib/notifications/deliveries.ts).
    state: text('state').notNull().default('queued'),
    provider: text('provider'),
    providerId: text('provider_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    stateAt: timestamp('state_at', { withTimezone: true }).notNull().defaultNow(),
    // When this notice went by e-mail instead (issue 62, item 5): a permanent failure, or no receipt in 10 minutes; once.
    fallbackAt: timestamp('fallback_at', { withTimezone: true }),
  },
  (table) => [
    index('sms_messages_due_idx').on(table.nextAttemptAt).where(sql`sent_at is null and state in ('queued', 'failed_temporary')`),
    index('sms_messages_number_idx').on(table.toNumber, table.createdAt),
    index('sms_messages_user_idx').on(table.userId, table.createdAt),
    index('sms_messages_notification_idx').on(table.notificationId),
    // The fallback's sweep (every 10 s): the notices' messages not delivered and not fallen back yet.
    index('sms_messages_fallback_idx').on(table.createdAt).where(sql`notification_id is not null and fallback_at is null and state <> 'delivered'`),
    uniqueIndex('sms_messages_provider_id_key').on(table.provider, table.providerId),
  ],
);

// Which notices go by text message too (issue 62, item 3), per kind; all on by default, and only to a confirmed number.
export const smsPreferences = pgTable('sms_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  placeOffered: boolean('place_offered').notNull().default(true),
  openingTurn: boolean('opening_turn').notNull().default(true),
  paymentDue: boolean('payment_due').notNull().default(true),
  decision: boolean('decision').notNull().default(true),
  changesRequested: boolean('changes_requested').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// How a notice went by e-mail and by push (issue 62, item 4): one row per notice and channel, its latest state and
// when (text messages keep theirs in sms_messages).
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    state: text('state').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.channel] })],
);

// The office's staff: accounts apart from pilgrims' (no shared table, token or
// cookie). `role` is reviewer, finance or admin. A member is created without a
// password and sets one through a one-time link; the first sign-in enrols an
// authenticator app (TOTP, RFC 6238). Staff are disabled, never deleted, so
// the audit log keeps naming them.
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash'),
    // Base32 TOTP secret, set once enrolment is confirmed with a code.
    totpSecret: text('totp_secret'),
    // The last TOTP time step used: a code is accepted once.
    totpLastStep: integer('totp_last_step'),
    // Wrong codes after the right password (the code step), per account: 5 lock it for 15 minutes.
    // Wrong passwords count per client address instead (staff_sign_in_locks).
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    // When the member was last e-mailed that a wrong-password lock was set (at most one such e-mail an hour).
    lockNotifiedAt: timestamp('lock_notified_at', { withTimezone: true }),
    // The language of the member's e-mails: the inviting admin's, then the console's at each sign-in.
    locale: text('locale').notNull().default('ar'),
    // The member who invited this one from the console; null when the operator's key added them (npm run staff).
    // A refund proposed by one member is never approved by a member of their line of invitations (refund-proposals.ts).
    invitedBy: uuid('invited_by').references((): AnyPgColumn => staff.id),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('staff_email_lower_key').on(sql`lower(${table.email})`)],
);

// Wrong passwords per (member, client address) on the console's password
// step: 5 lock that address out of that account for 15 minutes, and the locked
// answer is the wrong password's, so a stranger neither learns who is on the
// staff nor keeps a member out from elsewhere. Rows untouched for a day and not
// locked are forgotten by the housekeeping.
export const staffSignInLocks = pgTable(
  'staff_sign_in_locks',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    address: text('address').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.staffId, table.address] })],
);

// One-time links (hashed) to set a staff member's password: on creation, and
// when an admin resets two-factor.
export const staffTokens = pgTable('staff_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staff.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Between the password and the second factor: a short-lived, single-use
// challenge (hashed). For a first sign-in it carries the secret being enrolled.
export const staffChallenges = pgTable('staff_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staff.id),
  tokenHash: text('token_hash').notNull().unique(),
  pendingSecret: text('pending_secret'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Recovery codes (hashed), each good once, for a lost authenticator.
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_recovery_codes_staff_idx').on(table.staffId)],
);

// A staff session: 12 hours at most, 30 minutes idle (lib/server/office/staff-sessions.ts).
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

// Append-only: who (a staff member, the ops key, or the system) did what, to
// what, when and from which address. The database refuses UPDATE and DELETE
// on it (a trigger in the migration); the app only inserts and reads.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // 'staff' | 'ops_key'
    actorKind: text('actor_kind').notNull(),
    staffId: uuid('staff_id').references(() => staff.id),
    // The member's e-mail address at the time (it may change later).
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    address: text('address'),
  },
  (table) => [index('audit_log_created_idx').on(table.createdAt), index('audit_log_staff_idx').on(table.staffId, table.createdAt)],
);

// Internal notes on a request: staff only, never shown to the pilgrim.
export const requestNotes = pgTable(
  'request_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('request_notes_request_idx').on(table.requestId, table.createdAt)],
);

// The office's calendar for the review clocks (issue 41, item 2): one row. The days of the week it works
// (0 = Sunday … 6 = Saturday, in Asia/Riyadh) and its public holidays (Hijri DD-MM-YYYY, Umm al-Qura).
export const officeCalendar = pgTable(
  'office_calendar',
  {
    id: integer('id').primaryKey().default(1),
    workDays: jsonb('work_days').$type<number[]>().notNull().default([0, 1, 2, 3, 4]),
    holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('office_calendar_one_row', sql`${table.id} = 1`)],
);

// Four eyes on money (issue 41, item 5): a refund proposed by one finance member (or admin) and
// approved or refused by another. At most one open proposal per request; the database itself
// refuses a decision by the proposer.
export const refundProposals = pgTable(
  'refund_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    // What goes back, in minor units: the whole of what was paid, or less (a partial refund).
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    // The message to the pilgrim, sent with the cancellation once approved.
    note: text('note').notNull(),
    // cancel: approved, the request is cancelled and the amount goes back; package_change: the request chose a cheaper
    // package after paying, and approved, the difference goes back while the request stays as it is (issue 57, item 6).
    reason: text('reason').$type<'cancel' | 'package_change'>().notNull().default('cancel'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => staff.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    decision: text('decision').$type<'approved' | 'refused'>(),
    decidedBy: uuid('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('refund_proposals_one_open').on(table.requestId).where(sql`decision is null`),
    check('refund_proposals_four_eyes', sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.proposedBy}`),
    check('refund_proposals_amount', sql`${table.amountMinor} > 0`),
  ],
);

// A member's named queue filters (issue 41, item 6): the console's query string, kept as it was in the URL.
export const savedFilters = pgTable(
  'saved_filters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('saved_filters_staff_name_key').on(table.staffId, sql`lower(${table.name})`)],
);

// A companion invited by the applicant to their own part of a request (issue 42, docs/FAMILIES.md). The companion is
// named by `pilgrim_id`, the id their answers carry (data.companions[n].pilgrim_id), so the invitation follows them when
// the applicant removes someone listed before them. Only the token's hash is kept. Accepted by the account whose
// address it was sent to; ended by the applicant (withdrawn, also when they remove the companion) or the companion
// (left); every read also joins through the answers.
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    pilgrimId: text('pilgrim_id').notNull(),
    // Lower case, as accounts are found by it.
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    // The language the invitation was written in (the applicant's page when they sent it).
    locale: text('locale').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    // The companion's answers as they were when they said "these details are mine and correct": confirmed while they still read so.
    confirmedAnswers: jsonb('confirmed_answers').$type<Record<string, unknown>>(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // When the companion last corrected their own answers, and which of them they have changed (the applicant sees who changed what).
    editedAt: timestamp('edited_at', { withTimezone: true }),
    editedFields: jsonb('edited_fields').$type<string[]>().notNull().default([]),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedReason: text('ended_reason').$type<'withdrawn' | 'left'>(),
  },
  (table) => [
    uniqueIndex('invitations_one_live').on(table.requestId, table.pilgrimId).where(sql`ended_at is null`),
    index('invitations_accepted_by_idx').on(table.acceptedBy).where(sql`ended_at is null`),
    check('invitations_ended', sql`(${table.endedAt} is null) = (${table.endedReason} is null)`),
  ],
);

// A service's opening (issue 59, docs/OPENING.md): the minute its season's sending opens, through a queue.
// One per service; set by an admin in the catalogue (null removes it, with its queue). The settings are the
// office's; the admission clock (rate_since, credit) changes only with them (pause, resume, a new rate). The
// draw and the counters below them are the database queue's own (lib/server/openings/database-queue.ts);
// with REDIS_URL the queue keeps them in Redis instead (redis-queue.ts).
export const openings = pgTable(
  'openings',
  {
    typeId: text('type_id')
      .primaryKey()
      .references(() => requestTypes.id),
    // A new opening (set where none was, or after one ended) has a new id, and starts an empty queue.
    id: uuid('id').notNull().defaultRandom(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    admitPerMinute: integer('admit_per_minute').notNull(),
    queueOpensMinutesBefore: integer('queue_opens_minutes_before').notNull().default(30),
    sendWindowMinutes: integer('send_window_minutes').notNull().default(15),
    // Admissions due = credit + minutes since rate_since × admit_per_minute (null while paused).
    rateSince: timestamp('rate_since', { withTimezone: true }),
    credit: doublePrecision('credit').notNull().default(0),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // 'sold_out' (the service's places are gone) or 'office' (an admin ended it).
    endedReason: text('ended_reason'),
    // The random order of those who joined before opens_at: when it was drawn, and its seed (docs/OPENING.md).
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    drawSeed: text('draw_seed'),
    // The database queue's counters: admissions counted against the rate, and turns that lapsed unused.
    admitted: integer('admitted').notNull().default(0),
    lapsed: integer('lapsed').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('openings_rate_check', sql`${table.admitPerMinute} between 1 and 100000`),
    check('openings_before_check', sql`${table.queueOpensMinutesBefore} between 0 and 1440`),
    check('openings_window_check', sql`${table.sendWindowMinutes} between 1 and 1440`),
  ],
);

// A pilgrim's place in an opening's queue (the database queue; one per account and opening).
// state: waiting → admitted → sent, or passed (the send window lapsed), left, or sold_out (the queue ended).
// rank: the order of admission; null until the draw for those who joined before opens_at, then 1..n;
// those who join later get LATE_RANK + seq, behind every drawn one, in order of arrival.
export const openingPlaces = pgTable(
  'opening_places',
  {
    typeId: text('type_id')
      .notNull()
      .references(() => openings.typeId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    rank: bigint('rank', { mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    sendBy: timestamp('send_by', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.typeId, table.userId] }),
    index('opening_places_order_idx').on(table.typeId, table.state, table.rank),
    check('opening_places_state_check', sql`${table.state} in ('waiting', 'admitted', 'sent', 'passed', 'left', 'sold_out')`),
  ],
);
