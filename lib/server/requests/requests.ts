import 'server-only';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { preparedPer } from '@/lib/server/db/prepared';
import { documents, payments, requestHistory, requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { env } from '@/lib/server/env';
import { EDITABLE_STATUSES, type RequestStatus } from '@/lib/requests/statuses';
import { REQUEST_STEPS, type RequestStep } from '@/lib/requests/steps';
import { normalisedAnswers, requestIssues, stepSchema } from '@/lib/requests/answers';
import { encodeRule } from '@/lib/validation/rules';
import { findRequestType, packageFeeOf, takesApplications, type RequestType } from './request-types';
import { moveRequest } from './history';
import { nextReference } from './references';
import { deleteDraftWithFiles } from './request-files';
import { ZodError, type z } from 'zod';
import type { Translate } from '@/lib/validation/localize';
import type { AppLocale } from '@/i18n/routing';
import { holdPlaces } from './places';
import { reservePosition } from './reserve-position';
import { reservePositionOf } from './reserve';
import { markRefundDue, releasePayments } from '@/lib/server/payments/payments';

export type RequestRow = typeof requests.$inferSelect;
type DocumentRow = typeof documents.$inferSelect;
type HistoryRow = typeof requestHistory.$inferSelect;

export const PAGE_SIZE = 20;

/** A timestamp as the API writes it: from a Date (a column), or as the ISO text a summary already holds. */
const iso = (date: Date | string | null) => (date === null || typeof date === 'string' ? date : date.toISOString());

/** The pilgrims of a request: the applicant and each companion, by the key documents use. */
export function pilgrimsOf(data: Record<string, unknown>): string[] {
  const companions = Array.isArray(data.companions) ? data.companions : [];
  return ['applicant', ...companions.map((_, i) => `companion-${i}`)];
}

/**
 * What a summary reads of a request: every column but the answers, of which
 * only the applicant's names. Lists and autosaves select just this, so the
 * answers (every pilgrim's details) are neither sent by the database nor parsed.
 */
export type SummaryRow = Pick<RequestRow, 'id' | 'reference' | 'typeId' | 'status' | 'step' | 'completedSteps' | 'pilgrims' | 'feeMinor' | 'feePilgrims' | 'currency' | 'version'> & {
  data: { applicant?: unknown };
  // Dates from a row's columns; ISO text from a summary (summaryJson).
  createdAt: Date | string;
  updatedAt: Date | string;
  submittedAt: Date | string | null;
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
function summaryJson(extra: Record<string, SQL> = {}) {
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
    created_at: isoText(requests.createdAt),
    updated_at: isoText(requests.updatedAt),
    submitted_at: isoText(requests.submittedAt),
    ...extra,
  };
  return sql<SummaryJson>`json_build_object(${sql.join(
    // The keys are ours, written into the statement rather than sent as parameters.
    Object.entries(fields).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
    sql`, `,
  )})`;
}

type SummaryJson = {
  id: string;
  reference: string | null;
  type_id: string;
  status: string;
  step: string;
  completed_steps: string[];
  pilgrims: number;
  data: SummaryRow['data'];
  fee_minor: number | null;
  fee_pilgrims: number | null;
  currency: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  settled?: string | null;
  total?: number;
  reserve_position?: number | null;
};

function summaryFromJson(json: SummaryJson): SummaryRow {
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
    createdAt: json.created_at,
    updatedAt: json.updated_at,
    submittedAt: json.submitted_at,
  };
}

function applicantName(data: SummaryRow['data']): string | null {
  const applicant = data.applicant as { name_latin?: unknown; name_ar?: unknown } | undefined;
  const name = applicant?.name_latin || applicant?.name_ar;
  return typeof name === 'string' && name ? name : null;
}

export function publicDocument(doc: DocumentRow) {
  return { id: doc.id, pilgrim: doc.pilgrim, kind: doc.kind, file_name: doc.fileName, mime: doc.mime, size: doc.size, created_at: iso(doc.createdAt) };
}

export type PaymentState = 'paid' | 'refunding' | 'refunded' | 'unpaid' | null;

/**
 * Whether the fee is paid: drafts have no fee yet; a paid payment says "paid";
 * money on its way back or given back says so once the request is closed.
 * A request still awaiting payment is unpaid whatever stray money was refunded.
 */
function paymentState(row: SummaryRow, settled: string | undefined): PaymentState {
  if (row.status === 'draft') return null;
  if (settled === 'paid') return 'paid';
  if (row.status === 'pending_payment') return 'unpaid';
  return settled === 'refunding' || settled === 'refunded' ? settled : 'unpaid';
}

/** Of a request's payments, the one that says most about its fee: paid, else owed back, else given back. */
const SETTLED_ORDER = ['paid', 'refunding', 'refunded'];
export function settledStatus(statuses: string[]): string | undefined {
  return SETTLED_ORDER.find((status) => statuses.includes(status));
}

/** A request as its owner sees it in a list; `reservePosition`: its place on the reserve list (reserve-position.ts). */
export function requestSummary(row: SummaryRow, settled?: string, reservePosition: number | null = null) {
  return {
    payment: paymentState(row, settled),
    id: row.id,
    reference: row.reference,
    type: row.typeId,
    status: row.status,
    step: row.step,
    completed_steps: row.completedSteps,
    steps_total: REQUEST_STEPS.length,
    pilgrims: row.pilgrims,
    applicant_name: applicantName(row.data),
    fee_minor: row.feeMinor,
    // How many pilgrims the fee covers (fixed at the first submit); null before it.
    fee_pilgrims: row.feePilgrims,
    currency: row.currency,
    version: row.version,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    submitted_at: iso(row.submittedAt),
    pay_by: payBy(row),
    // 1 is next when places come back; null unless reserved.
    reserve_position: row.status === 'reserved' ? reservePosition : null,
  };
}

/** By when a request awaiting payment must be paid (then it expires); null in every other state. */
function payBy(row: SummaryRow): string | null {
  if (row.status !== 'pending_payment' || !row.submittedAt) return null;
  const submitted = typeof row.submittedAt === 'string' ? Date.parse(row.submittedAt) : row.submittedAt.getTime();
  return new Date(submitted + env().PAYMENT_DEADLINE_HOURS * 3_600_000).toISOString();
}

/** The whole request: answers, documents and the status timeline. */
type PaymentRow = typeof payments.$inferSelect;

export function requestDetails(row: RequestRow, docs: DocumentRow[], history: HistoryRow[], paid: PaymentRow[] = [], reservePosition: number | null = null) {
  const settled = settledStatus(paid.map((p) => p.status));
  return {
    ...requestSummary(row, settled, reservePosition),
    payments: paid.map((p) => ({
      id: p.id,
      status: p.status,
      amount_minor: p.amountMinor,
      currency: p.currency,
      failure_reason: p.failureReason,
      card_last4: p.cardLast4,
      provider: p.provider,
      receipt_number: p.receiptNumber,
      created_at: iso(p.createdAt),
      paid_at: iso(p.paidAt),
      refunded_at: iso(p.refundedAt),
      refund_reason: p.refundReason,
    })),
    data: row.data,
    // While changes are requested: what the office asked to change, per pilgrim (answer fields and documents).
    flagged: row.status === 'changes_requested' ? (row.flagged ?? {}) : null,
    documents: docs.map(publicDocument),
    history: history.map((h) => ({ from: h.fromStatus, to: h.toStatus, actor: h.actor, note: h.note, at: iso(h.createdAt) })),
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

export async function createDraft(userId: string, typeId: string) {
  const type = await findRequestType(typeId);
  if (!type) throw new ApiError('validation_failed', { fields: { type: [] } });
  if (!takesApplications(type)) throw new ApiError('conflict', { messageKey: 'service_closed' });
  const db = await getDb();
  const [row] = await db.insert(requests).values({ userId, typeId: type.id, data: {} }).returning();
  return requestDetails(row!, [], []);
}

/**
 * Each request's settled payment status (paid, else owed back, else given
 * back), as a column of a select over requests. Columns are spelled out with
 * their tables: in a select list drizzle writes them bare, and a bare "id"
 * inside the subquery would be the payment's.
 */
export const settledPayment = sql<string | null>`(select p.status from ${payments} p where p.request_id = ${requests}.id and p.status in ('paid', 'refunding', 'refunded') order by array_position(array['paid', 'refunding', 'refunded'], p.status) limit 1)`;

/**
 * Sent, not a draft: the predicate of the list's index (requests_user_sent_idx),
 * written as a constant rather than a bound value, so that the prepared list's
 * plan, made once for any parameters, can use that index.
 */
const sentRequest = sql`${requests.status} <> 'draft'`;

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
      summary: summaryJson({ total: sql`count(*) over ()`, settled: settledPayment, reserve_position: reservePosition }).as('summary'),
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
const listAll = preparedPer((db) => listPage(db, false).prepare('list_requests'));
const listByStatus = preparedPer((db) => listPage(db, true).prepare('list_requests_by_status'));

export async function listRequests(userId: string, { status, page }: { status?: RequestStatus; page: number }) {
  const db = await getDb();
  const offset = (page - 1) * PAGE_SIZE;
  const [{ summaries } = { summaries: null }] = status ? await listByStatus(db).execute({ userId, status, offset }) : await listAll(db).execute({ userId, offset });
  const rows = summaries ?? [];
  // A page past the end has no row to carry the total: count apart.
  const where = and(eq(requests.userId, userId), status ? eq(requests.status, status) : sentRequest);
  const totalCount = rows[0]?.total ?? (page === 1 ? 0 : Number((await db.select({ value: count() }).from(requests).where(where))[0]?.value ?? 0));
  return {
    items: rows.map((summary) => requestSummary(summaryFromJson(summary), summary.settled ?? undefined, summary.reserve_position ?? null)),
    meta: { page, per_page: PAGE_SIZE, total: totalCount, total_pages: Math.max(1, Math.ceil(totalCount / PAGE_SIZE)) },
  };
}

export async function getRequest(userId: string, id: string) {
  const db = await getDb();
  const row = await ownRequest(db, userId, id);
  const [docs, history, paid, position] = await Promise.all([
    db.select().from(documents).where(eq(documents.requestId, id)).orderBy(asc(documents.createdAt)),
    db.select().from(requestHistory).where(eq(requestHistory.requestId, id)).orderBy(asc(requestHistory.createdAt)),
    db.select().from(payments).where(eq(payments.requestId, id)).orderBy(asc(payments.createdAt)),
    row.status === 'reserved' ? reservePositionOf(db, id) : null,
  ]);
  return requestDetails(row, docs, history, paid, position);
}

/** Prefixes every issue's path, so a step's errors read like the whole request's. */
function withPrefix(error: ZodError, prefix: string[]): ZodError {
  return new ZodError(error.issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] })));
}

/** Each pilgrim needs a passport scan and a photo. */
export async function documentIssues(db: Db, row: RequestRow, data: Record<string, unknown>): Promise<z.core.$ZodIssue[]> {
  const docs = await db.select({ pilgrim: documents.pilgrim, kind: documents.kind }).from(documents).where(eq(documents.requestId, row.id));
  const have = new Set(docs.map((d) => `${d.pilgrim}/${d.kind}`));
  return pilgrimsOf(data).flatMap((pilgrim) =>
    (['passport', 'photo'] as const)
      .filter((kind) => !have.has(`${pilgrim}/${kind}`))
      .map((kind) => ({ code: 'custom' as const, path: ['documents', pilgrim, kind], message: encodeRule('required'), input: undefined })),
  );
}

// Steps whose answers live elsewhere (uploads) or nowhere (the review).
const STEPS_WITHOUT_ANSWERS = ['documents', 'review'] as const;

/**
 * The autosave as one statement: only when the request is the caller's, still
 * editable and at the version the client saved from; anything else updates no
 * row and the checked path below answers why. Mirrors that path for a save
 * without `complete`: the step's answers replaced, the step no longer done
 * (its answers are checked again at the next "Continue"), the pilgrims counted.
 */
const autosaveStep = preparedPer((db) => {
  const step = sql`${sql.placeholder('step')}::text`;
  const answersKept = sql`${step} in (${sql.join(STEPS_WITHOUT_ANSWERS.map((s) => sql`${s}`), sql`, `)})`;
  const companions = sql`(${requests.data} -> 'companions')`;
  return db
    .update(requests)
    .set({
      data: sql`case when ${answersKept} then ${requests.data} else jsonb_set(${requests.data}, array[${step}], ${sql.placeholder('answers')}::jsonb) end`,
      step: sql`${step}`,
      completedSteps: sql`case when ${answersKept} then ${requests.completedSteps} else ${requests.completedSteps} - ${step} end`,
      // Given when the companions step is saved; otherwise counted from the stored answers.
      pilgrims: sql`coalesce(${sql.placeholder('pilgrims')}::int, 1 + case when jsonb_typeof(${companions}) = 'array' then jsonb_array_length(${companions}) else 0 end)`,
      version: sql`${requests.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(requests.id, sql.placeholder('id')),
        eq(requests.userId, sql.placeholder('userId')),
        eq(requests.version, sql.placeholder('version')),
        inArray(requests.status, [...EDITABLE_STATUSES]),
      ),
    )
    .returning({ summary: summaryJson() })
    .prepare('autosave_step');
});

/**
 * Autosave of one step: `data` replaces that step's answers. Any text is kept
 * (drafts hold unfinished answers); only `complete: true` ("Continue") checks
 * the step and marks it done. A stale `version` → 409 with the newer request.
 */
export async function saveStep(
  userId: string,
  id: string,
  input: { step: RequestStep; data: unknown; version: number; complete: boolean },
) {
  const db = await getDb();
  if (!input.complete) {
    // The common case (a save as the user types) in one round trip.
    const [saved] = await autosaveStep(db).execute({
      id,
      userId,
      version: input.version,
      step: input.step,
      answers: JSON.stringify(input.data ?? null),
      pilgrims: input.step === 'companions' ? pilgrimsOf({ companions: input.data }).length : null,
    });
    if (saved) return requestSummary(summaryFromJson(saved.summary));
  }
  return db.transaction(async (tx) => {
    const row = await ownRequest(tx, userId, id, true);
    if (!EDITABLE_STATUSES.includes(row.status as RequestStatus)) throw new ApiError('conflict', { messageKey: 'wrong_state' });
    if (row.version !== input.version) {
      const docs = await tx.select().from(documents).where(eq(documents.requestId, id));
      throw new ApiError('conflict', { extra: { data: requestDetails(row, docs, []) } });
    }
    const data = { ...row.data };
    if (input.step !== 'documents' && input.step !== 'review') data[input.step] = input.data ?? null;

    let completed = row.completedSteps.filter((step) => step !== input.step);
    if (input.complete) {
      const type = await typeOf(tx, row);
      const schema = stepSchema(input.step, type, data);
      if (schema) {
        const result = await schema.safeParseAsync(data[input.step] ?? {});
        if (!result.success) throw withPrefix(result.error, input.step === 'companions' ? ['companions'] : []);
        // Kept as checked: Western digits, E.164 mobiles.
        data[input.step] = normalisedAnswers(data[input.step], result.data);
      }
      if (input.step === 'documents') {
        const issues = await documentIssues(tx, row, data);
        if (issues.length) throw new ZodError(issues);
      }
      completed = [...completed, input.step];
    } else if (row.completedSteps.includes(input.step) && input.step !== 'documents' && input.step !== 'review') {
      // Changed answers are checked again at the next "Continue".
      completed = completed.filter((step) => step !== input.step);
    } else {
      completed = row.completedSteps;
    }

    const [saved] = await tx
      .update(requests)
      .set({
        data,
        step: input.step,
        completedSteps: REQUEST_STEPS.filter((step) => completed.includes(step)),
        pilgrims: pilgrimsOf(data).length,
        version: sql`${requests.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(requests.id, id))
      .returning();
    return requestSummary(saved!);
  });
}

export async function deleteDraft(userId: string, id: string) {
  const db = await getDb();
  const row = await ownRequest(db, userId, id);
  if (row.status !== 'draft') throw new ApiError('conflict', { messageKey: 'wrong_state' });
  await deleteDraftWithFiles(db, id);
}

/**
 * Checks the whole request and sends it: a draft gets its reference and fee
 * and waits for payment; a request whose changes were asked for goes back to
 * the office. Either way it holds one place per pilgrim in its package
 * (places.ts; 409 sold_out when too few are left, the draft unchanged).
 */
export async function submitRequest(userId: string, id: string, reader: { locale: AppLocale; t: Translate }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await ownRequest(tx, userId, id, true);
    if (row.status !== 'draft' && row.status !== 'changes_requested') throw new ApiError('conflict', { messageKey: 'wrong_state' });
    const type = await typeOf(tx, row);
    // The office closed the service, or its applications have closed (Hajj, in Shawwal): a draft waits. A request sent back
    // for changes was sent while it was open, and goes back.
    if (row.status === 'draft' && !takesApplications(type)) throw new ApiError('conflict', { messageKey: 'service_closed' });
    const issues = [...(await requestIssues(type, row.data)), ...(await documentIssues(tx, row, row.data))];
    if (issues.length) throw new ZodError(issues);

    // The fee is computed again at every submit, from the pilgrims in the request now.
    const pilgrims = pilgrimsOf(row.data).length;
    const completedSteps = [...REQUEST_STEPS];
    // Checked above: one of the packages the service offers.
    const chosen = (row.data.service as { package: string }).package;
    if (row.status === 'draft') {
      const submittedAt = new Date();
      // Until the pay-by time (the same sum as payBy and deadlines.ts); payment keeps them.
      const heldUntil = new Date(submittedAt.getTime() + env().PAYMENT_DEADLINE_HOURS * 3_600_000);
      await holdPlaces(tx, row, { package: chosen, count: pilgrims, heldUntil }, reader.locale);
      return requestSummary(
        await moveRequest(tx, row, 'pending_payment', 'user', null, {
          // A request withdrawn from payment keeps the reference it was given.
          reference: row.reference ?? (await nextReference(tx, type.code)),
          // The chosen package's fee as it is now; fixed on the request, so a later price change never touches it.
          feeMinor: packageFeeOf(type, chosen) * pilgrims,
          currency: type.currency,
          feePilgrims: pilgrims,
          pilgrims,
          submittedAt,
          paymentReminderAt: null,
          completedSteps,
          version: row.version + 1,
        }),
      );
    }
    // Sent again after changes: the fee paid covers `feePilgrims` pilgrims, and only that many may travel on it.
    if (row.feePilgrims !== null && pilgrims !== row.feePilgrims) {
      throw new ApiError('validation_failed', {
        fields: { companions: [reader.t('ApiErrors.pilgrims_paid_for', { paid: row.feePilgrims, now: pilgrims })] },
      });
    }
    // Paid: its places are kept for good (another package chosen in the changes needs places there).
    await holdPlaces(tx, row, { package: chosen, count: pilgrims, heldUntil: null }, reader.locale);
    // What the office asked to change is done with: no longer highlighted.
    return requestSummary(await moveRequest(tx, row, 'submitted', 'user', null, { completedSteps, pilgrims, flagged: null, version: row.version + 1 }));
  });
}

/**
 * The user cancels a request before the office reviews it: open checkouts are
 * voided and a fee already paid is refunded (recorded, and the user told), as
 * the FAQs promise.
 */
export async function cancelRequest(userId: string, id: string) {
  const db = await getDb();
  const cancelled = await db.transaction(async (tx) => {
    const row = await ownRequest(tx, userId, id, true);
    const moved = await moveRequest(tx, row, 'cancelled', 'user', null, { version: row.version + 1 });
    await markRefundDue(tx, id, 'cancelled');
    return moved;
  });
  await releasePayments(id);
  return requestSummary(cancelled);
}

/**
 * "Change answers" on a request awaiting payment: it goes back to a draft
 * (keeping its reference), its open checkout is voided, and it must be
 * submitted again, which computes the fee again. Its places stay held until
 * the pay-by time it had (place_holds.held_until; then the deadlines sweep
 * gives them back), so sending it again in time keeps them.
 */
export async function reopenRequest(userId: string, id: string) {
  const db = await getDb();
  const reopened = await db.transaction(async (tx) => {
    const row = await ownRequest(tx, userId, id, true);
    if (row.status !== 'pending_payment') throw new ApiError('conflict', { messageKey: 'wrong_state' });
    return moveRequest(tx, row, 'draft', 'user', null, {
      feeMinor: null,
      currency: null,
      feePilgrims: null,
      submittedAt: null,
      paymentReminderAt: null,
      // The declaration is made again before sending again.
      completedSteps: row.completedSteps.filter((step) => step !== 'declaration'),
      version: row.version + 1,
    });
  });
  await releasePayments(id);
  return requestSummary(reopened);
}
