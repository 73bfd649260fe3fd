import 'server-only';
import { and, desc, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { TOOK_MONEY_STATUSES, type MoneyPayment } from '@/lib/payments/money';
import type { Db } from '@/lib/server/db/client';
import { documents, payments, requests } from '@/lib/server/db/schema';
import { moneyPayment } from '@/lib/server/payments/payment-parts';
import { ApiError } from '@/lib/server/http/errors';
import { encodeRule } from '@/lib/validation/rules';
import type { z } from 'zod';
import { findRequestType, type RequestType } from './request-types';
import { reservePosition } from './reserve-position';
import { pilgrimKeysOf } from './companions';

// A request's rows and the queries that read them: what the commands
// (requests.ts, reserve.ts), payments and the office build on.

export type RequestRow = typeof requests.$inferSelect;

export const PAGE_SIZE = 20;

/** The pilgrims of a request: the applicant and each companion, by the label the API gives them (companion-<n>, their place now). */
export function pilgrimsOf(data: Record<string, unknown>): string[] {
  const companions = Array.isArray(data.companions) ? data.companions : [];
  return ['applicant', ...companions.map((_, i) => `companion-${i}`)];
}

/**
 * What a summary reads of a request: every column but the answers, of which
 * only the applicant's names. Lists and autosaves select just this, so the
 * answers (every pilgrim's details) are neither sent by the database nor parsed.
 */
export type SummaryRow = Pick<RequestRow, 'id' | 'reference' | 'typeId' | 'status' | 'step' | 'completedSteps' | 'pilgrims' | 'feeMinor' | 'feePilgrims' | 'currency' | 'version' | 'paymentPlan'> & {
  data: { applicant?: unknown };
  // Dates from a row's columns; ISO text from a summary (summaryJson).
  createdAt: Date | string;
  updatedAt: Date | string;
  submittedAt: Date | string | null;
  differenceDueAt: Date | string | null;
};

const { data: answers, ...columnsButAnswers } = getTableColumns(requests);
const applicantNames = sql<SummaryRow['data']>`jsonb_build_object('applicant', jsonb_build_object('name_latin', ${answers} -> 'applicant' -> 'name_latin', 'name_ar', ${answers} -> 'applicant' -> 'name_ar'))`;

export const summaryColumns = { ...columnsButAnswers, data: applicantNames };

/**
 * A timestamp as the ISO text JavaScript's toISOString writes (UTC, whole
 * milliseconds, cut as the drivers cut them when they make a Date): the list
 * answers it as it comes, with no Date made and written again per field.
 */
const isoText = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * What a summary reads of a request (summaryColumns), as one JSON value: the
 * hot paths (the list, the autosave) then get one field a row from the driver
 * instead of twenty. Decoding each field is most of what a row costs in
 * JavaScript, and on PGlite it runs on the thread that answers HTTP.
 * `summaryFromJson` turns it back into a SummaryRow.
 */
export function summaryJson(extra: Record<string, SQL> = {}) {
  const fields: Record<string, SQL | AnyColumn> = {
    id: requests.id,
    reference: requests.reference,
    type_id: requests.typeId,
    status: requests.status,
    step: requests.step,
    completed_steps: requests.completedSteps,
    pilgrims: requests.pilgrims,
    data: applicantNames,
    fee_minor: requests.feeMinor,
    fee_pilgrims: requests.feePilgrims,
    currency: requests.currency,
    version: requests.version,
    payment_plan: requests.paymentPlan,
    created_at: isoText(requests.createdAt),
    updated_at: isoText(requests.updatedAt),
    submitted_at: isoText(requests.submittedAt),
    difference_due_at: isoText(requests.differenceDueAt),
    ...extra,
  };
  return sql<SummaryJson>`json_build_object(${sql.join(
    // The keys are ours, written into the statement rather than sent as parameters.
    Object.entries(fields).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
    sql`, `,
  )})`;
}

export type SummaryJson = {
  id: string;
  reference: string | null;
  type_id: string;
  // As the columns are typed (schema.ts): the JSON is built from them in SQL.
  status: SummaryRow['status'];
  step: SummaryRow['step'];
  completed_steps: SummaryRow['completedSteps'];
  pilgrims: number;
  data: SummaryRow['data'];
  fee_minor: number | null;
  fee_pilgrims: number | null;
  currency: string | null;
  version: number;
  payment_plan: SummaryRow['paymentPlan'];
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  difference_due_at: string | null;
  taken?: MoneyPayment[] | null;
  total?: number;
  reserve_position?: number | null;
};

export function summaryFromJson(json: SummaryJson): SummaryRow {
  return {
    id: json.id,
    reference: json.reference,
    typeId: json.type_id,
    status: json.status,
    step: json.step,
    completedSteps: json.completed_steps,
    pilgrims: json.pilgrims,
    data: json.data,
    feeMinor: json.fee_minor,
    feePilgrims: json.fee_pilgrims,
    currency: json.currency,
    version: json.version,
    paymentPlan: json.payment_plan,
    createdAt: json.created_at,
    updatedAt: json.updated_at,
    submittedAt: json.submitted_at,
    differenceDueAt: json.difference_due_at,
  };
}

/** The user's request, or 404: another user's request does not exist for them. */
export async function ownRequest(db: Db, userId: string, id: string, lock = false): Promise<RequestRow> {
  const query = db.select().from(requests).where(and(eq(requests.id, id), eq(requests.userId, userId))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError('not_found');
  return row;
}

export async function typeOf(db: Db, row: RequestRow): Promise<RequestType> {
  const type = await findRequestType(row.typeId, db);
  if (!type) throw new Error(`request ${row.id} has an unknown type ${row.typeId}`);
  return type;
}

/**
 * Each request's payments that took money (paid, refunding, refunded, kept), as a JSON array of what the money
 * state reads (lib/payments/money.ts), as a column of a select over requests. Columns are spelled out with
 * their tables: in a select list drizzle writes them bare, and a bare "id" inside the subquery would be the payment's.
 */
export const takenPayments = sql<MoneyPayment[] | null>`(select json_agg(json_build_object('part', p.part, 'status', p.status, 'amount_minor', p.amount_minor, 'refund_amount_minor', p.refund_amount_minor, 'refund_reason', p.refund_reason, 'change_refund_minor', p.change_refund_minor, 'change_refunded_minor', p.change_refunded_minor)) from ${payments} p where p.request_id = ${requests}.id and p.status in ('paid', 'refunding', 'refunded', 'kept'))`;

/** The same, for one request, in the caller's transaction: what a summary after a move reads. */
export async function takenPaymentsOf(db: Db, requestId: string): Promise<MoneyPayment[]> {
  const rows = await db
    .select({ part: payments.part, status: payments.status, amountMinor: payments.amountMinor, refundAmountMinor: payments.refundAmountMinor, refundReason: payments.refundReason, changeRefundMinor: payments.changeRefundMinor, changeRefundedMinor: payments.changeRefundedMinor })
    .from(payments)
    .where(and(eq(payments.requestId, requestId), inArray(payments.status, [...TOOK_MONEY_STATUSES])));
  return rows.map(moneyPayment);
}

/**
 * Sent, not a draft: the predicate of the list's index (requests_user_sent_idx),
 * written as a constant rather than a bound value, so that the prepared list's
 * plan, made once for any parameters, can use that index.
 */
export const sentRequest = sql`${requests.status} <> 'draft'`;

/**
 * One page of a user's requests, its total and each one's settled payment, in
 * one query answering one value: the page's summaries as a JSON array, in the
 * list's order (one row and one field for the driver to decode, not twenty).
 */
export function listPage(db: Db, byStatus: boolean) {
  const where = and(
    eq(requests.userId, sql.placeholder('userId')),
    // Drafts have their own list; the requests list never shows them.
    byStatus ? eq(requests.status, sql.placeholder('status')) : sentRequest,
  );
  // Latest change first; the id settles ties. Once, for the page and for each summary's position in it.
  const order = [desc(requests.updatedAt), desc(requests.id)];
  const page = db
    .select({
      summary: summaryJson({ total: sql`count(*) over ()`, taken: takenPayments, reserve_position: reservePosition }).as('summary'),
      position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('position'),
    })
    .from(requests)
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({ summaries: sql<SummaryJson[] | null>`json_agg(${page.summary} order by ${page.position})` })
    .from(page);
}

/** Each pilgrim needs a passport scan and a photo: kept against the pilgrim's key, reported by their label (companions.ts). */
export async function documentIssues(db: Db, row: RequestRow, data: Record<string, unknown>): Promise<z.core.$ZodIssue[]> {
  const docs = await db.select({ pilgrim: documents.pilgrim, kind: documents.kind }).from(documents).where(eq(documents.requestId, row.id));
  const have = new Set(docs.map((d) => `${d.pilgrim}/${d.kind}`));
  // A companion without an id yet (none is saved so now) has nothing stored against them: their documents are missing.
  const keyOf = new Map(pilgrimKeysOf(data).map(({ key, label }) => [label, key]));
  return pilgrimsOf(data).flatMap((pilgrim) =>
    (['passport', 'photo'] as const)
      .filter((kind) => !have.has(`${keyOf.get(pilgrim)}/${kind}`))
      .map((kind) => ({ code: 'custom' as const, path: ['documents', pilgrim, kind], message: encodeRule('required'), input: undefined })),
  );
}
