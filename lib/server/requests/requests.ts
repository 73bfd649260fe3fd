import { planContext } from '@/lib/server/payments/payment-parts';
import 'server-only';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { preparedPer } from '@/lib/server/db/prepared';
import { documents, packageChanges, payments, requestHistory, requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { env } from '@/lib/server/env';
import { EDITABLE_STATUSES, type RequestStatus } from '@/lib/requests/statuses';
import { REQUEST_STEPS, type RequestStep } from '@/lib/requests/steps';
import { normalisedAnswers, requestIssues, stepSchema } from '@/lib/requests/answers';
import { ZodError } from 'zod';
import type { Translate } from '@/lib/validation/localize';
import type { AppLocale } from '@/i18n/routing';
import { markRefundDue, releasePayments, voidOpenPayments } from '@/lib/server/payments/payments';
import { moneyOf } from '@/lib/payments/money';
import { findRequestType, packageFeeOf, takesApplications } from './request-types';
import { requireTurn, typeWithOpening } from '@/lib/server/openings/queue-places';
import { requestFormats } from '@/lib/i18n/formats';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';
import { moveRequest } from './move-request';
import { sendAgain } from './send-again';
import { nextReference } from './references';
import { deleteDraftWithFiles } from './request-files';
import { dropChange, giveBackLapsedHold, holdChange, holdPlaces, refuseSoldOut, refuseWhenFull, restoreChange } from './places';
import { takeFirstHold } from './first-hold';
import { offerPlaces, reservePositionOf } from './reserve-offers';
import { lockAccount, refuseSecondUnpaid, refuseSharedPassport } from './hoarding';
import { liveInvitations } from './invitations';
import { withPilgrimIds } from './companions';
import { forgetRemovedCompanions, settleLeftovers, type Leftovers } from './family-changes';
import { documentIssues, listPage, ownRequest, PAGE_SIZE, pilgrimsOf, sentRequest, summaryFromJson, summaryJson, takenPayments, takenPaymentsOf, typeOf } from './request-rows';
import { requestDetails, requestSummary } from './request-views';

// What a pilgrim does with their requests (the /requests API): start a draft,
// save its steps, send it, cancel it, reopen it from payment, delete it; and
// read them. The reserve list's commands are reserve.ts's.

export async function createDraft(userId: string, typeId: string) {
  const type = await findRequestType(typeId);
  if (!type) throw new ApiError('validation_failed', { fields: { type: [] } });
  if (!takesApplications(type)) throw new ApiError('conflict', { messageKey: 'service_closed' });
  const db = await getDb();
  const [row] = await db.insert(requests).values({ userId, typeId: type.id, data: {} }).returning();
  return requestDetails(row!, [], []);
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
    items: rows.map((summary) => requestSummary(summaryFromJson(summary), summary.taken ?? [], summary.reserve_position ?? null)),
    meta: { page, per_page: PAGE_SIZE, total: totalCount, total_pages: Math.max(1, Math.ceil(totalCount / PAGE_SIZE)) },
  };
}

export async function getRequest(userId: string, id: string) {
  const db = await getDb();
  const row = await ownRequest(db, userId, id);
  const [docs, history, paid, position, invited] = await Promise.all([
    db.select().from(documents).where(eq(documents.requestId, id)).orderBy(asc(documents.createdAt)),
    db.select().from(requestHistory).where(eq(requestHistory.requestId, id)).orderBy(asc(requestHistory.createdAt)),
    db.select().from(payments).where(eq(payments.requestId, id)).orderBy(asc(payments.createdAt)),
    row.status === 'reserved' ? reservePositionOf(db, id) : null,
    liveInvitations(db, row),
  ]);
  return requestDetails(row, docs, history, paid, position, invited, await planContext(db, row, paid));
}

/** Prefixes every issue's path, so a step's errors read like the whole request's. */
function withPrefix(error: ZodError, prefix: string[]): ZodError {
  return new ZodError(error.issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] })));
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
      // Counted from the stored answers unless given (the companions step is saved the checked way, below).
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
    .returning({ summary: summaryJson({ taken: takenPayments }) })
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
  // The companions step goes the checked way: its ids are given there, and whoever it removes is forgotten (family-changes.ts).
  if (!input.complete && input.step !== 'companions') {
    // The common case (a save as the user types) in one round trip.
    const [saved] = await autosaveStep(db).execute({
      id,
      userId,
      version: input.version,
      step: input.step,
      answers: JSON.stringify(input.data ?? null),
      // Counted from the stored answers: the companions step never comes this way.
      pilgrims: null,
    });
    if (saved) return requestSummary(summaryFromJson(saved.summary), saved.summary.taken ?? []);
  }
  let leftovers: Leftovers | null = null;
  const summary = await db.transaction(async (tx) => {
    const row = await ownRequest(tx, userId, id, true);
    if (!EDITABLE_STATUSES.includes(row.status)) throw new ApiError('conflict', { messageKey: 'wrong_state' });
    if (row.version !== input.version) {
      const docs = await tx.select().from(documents).where(eq(documents.requestId, id));
      throw new ApiError('conflict', { extra: { data: requestDetails(row, docs, []) } });
    }
    const data = { ...row.data };
    if (input.step !== 'documents' && input.step !== 'review') data[input.step] = input.data ?? null;
    // Each companion keeps the id they were read with; one sent without is a new person (companions.ts).
    if (input.step === 'companions') data.companions = withPilgrimIds(data.companions);

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
    // A companion no longer listed takes their documents, invitation and flags with them, in this transaction.
    const forgotten = input.step === 'companions' ? await forgetRemovedCompanions(tx, row, data) : { changes: {}, leftovers: null };
    leftovers = forgotten.leftovers;

    const [saved] = await tx
      .update(requests)
      .set({
        ...forgotten.changes,
        data,
        step: input.step,
        completedSteps: REQUEST_STEPS.filter((step) => completed.includes(step)),
        pilgrims: pilgrimsOf(data).length,
        version: sql`${requests.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(requests.id, id))
      .returning();
    return requestSummary(saved!, await takenPaymentsOf(tx, id));
  });
  await settleLeftovers(leftovers);
  return summary;
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
 * the office, or, when a dearer package was chosen in the changes, waits for
 * its difference (docs/INSTALMENTS.md, "A package changed after paying").
 * Either way it holds one place per pilgrim in its package (places.ts; 409
 * sold_out when too few are left, the draft unchanged).
 */
export async function submitRequest(userId: string, id: string, reader: { locale: AppLocale; t: Translate }) {
  const db = await getDb();
  const sent = await db.transaction(async (tx) => {
    const row = await ownRequest(tx, userId, id, true);
    if (row.status !== 'draft' && row.status !== 'changes_requested') throw new ApiError('conflict', { messageKey: 'wrong_state' });
    // The service and its opening in one read.
    const read = await typeWithOpening(tx, row.typeId);
    if (!read) throw new Error(`request ${row.id} has an unknown type ${row.typeId}`);
    const { type } = read;
    // The office closed the service, or its applications have closed (Hajj, in Shawwal): a draft waits. A request sent back
    // for changes was sent while it was open, and goes back.
    if (row.status === 'draft' && !takesApplications(type)) throw new ApiError('conflict', { messageKey: 'service_closed' });
    // While the service's opening admits through its queue, a draft is sent only in its turn (409 queue_required).
    const turn = row.status === 'draft' ? await requireTurn(tx, type.id, userId, reader.locale, new Date(), read) : null;
    // A draft reopened from payment whose pay-by time has passed gives its places back first (and they go down the
    // reserve list): it is sent as anew, never keeping them past the pay-by time it had (issue 58, item 2).
    // A draft never sent (no reference) holds nothing.
    const lapsed = row.status === 'draft' && row.reference !== null ? await giveBackLapsedHold(tx, row.id) : undefined;
    if (lapsed) await offerPlaces(tx, lapsed.typeId, lapsed.package);
    // The fee is computed again at every submit, from the pilgrims in the request now.
    const pilgrims = pilgrimsOf(row.data).length;
    const asked = (row.data.service as { package?: unknown } | null | undefined)?.package;
    // A full package is said first (409 sold_out, the reserve list offered), before the answers are
    // checked: a pilgrim is not sent to correct a request that cannot be sent. A package the service
    // does not offer, or more companions than it takes, is the answers' check to report.
    const early =
      typeof asked === 'string' && type.packages.includes(asked) && pilgrims <= 1 + type.companionLimit
        ? await refuseWhenFull(tx, row, { package: asked, count: pilgrims }, reader.locale)
        : null;
    const issues = [...(await requestIssues(type, row.data)), ...(await documentIssues(tx, row, row.data))];
    if (issues.length) throw new ZodError(issues);
    // No account hoards places (hoarding.ts): one unpaid request per account and service, one live request per passport.
    if (row.status === 'draft') {
      await lockAccount(tx, userId);
      await refuseSecondUnpaid(tx, row);
    }
    await refuseSharedPassport(tx, row);

    const completedSteps = [...REQUEST_STEPS];
    // Checked above: one of the packages the service offers.
    const chosen = (row.data.service as { package: string }).package;
    // The hold it has now; read here when the answers as saved did not name the package as offered.
    const { current } = early ?? (await refuseWhenFull(tx, row, { package: chosen, count: pilgrims }, reader.locale));
    if (row.status === 'draft') {
      const deadline = env().PAYMENT_DEADLINE_HOURS * 3_600_000;
      // The pay-by time is set once, when the places are first held: a draft reopened from payment whose hold is
      // still alive (a lapsed one was given back above) is sent again with the pay-by time and reminder it had,
      // never a fresh one (issue 58, item 2). `submitted_at` is then the first send, so payBy, payByOf and the
      // deadlines sweep (all submittedAt + the deadline) keep reading that same time.
      const kept = current?.heldUntil ?? null;
      const submittedAt = kept ? new Date(kept.getTime() - deadline) : new Date();
      // Until the pay-by time (the same sum as payBy and deadlines.ts); payment keeps them.
      const heldUntil = kept ?? new Date(submittedAt.getTime() + deadline);
      // A first send (no hold yet, the common case on the day a season opens) takes its places and its reference
      // last, in one statement (first-hold.ts), after the move below: the package's row is locked the least time.
      const first = current === undefined;
      if (!first) await holdPlaces(tx, row, { package: chosen, count: pilgrims, heldUntil }, current, reader.locale);
      const moved = await moveRequest(tx, row, 'pending_payment', 'user', null, {
        // A request withdrawn from payment keeps the reference it was given; a first send is numbered with its take.
        reference: row.reference ?? (first ? null : await nextReference(tx, type.code)),
          // The chosen package's fee as it is now; fixed on the request, so a later price change never touches it.
          feeMinor: packageFeeOf(type, chosen) * pilgrims,
          currency: type.currency,
          feePilgrims: pilgrims,
          pilgrims,
          submittedAt,
          // Its reminder too: one already sent for this pay-by time is not sent again.
          paymentReminderAt: kept ? row.paymentReminderAt : null,
          completedSteps,
          version: row.version + 1,
        });
      // The turn is used (it stays open until its send_by for another request of the account).
      await turn?.();
      if (first) {
        const reference = await takeFirstHold(tx, { requestId: row.id, typeId: row.typeId, code: type.code, package: chosen, count: pilgrims, heldUntil });
        // Too few left since the read above (another sender won them): 409 sold_out, and all of this rolls back.
        if (reference === null) return refuseSoldOut(tx, row.typeId, { package: chosen, count: pilgrims }, reader.locale);
        moved.reference = reference;
      }
      // Sent from a draft: nothing taken yet (a request withdrawn from payment had its checkouts voided).
      return { summary: requestSummary(moved, []), feeChanged: false };
    }
    // Sent again after changes: the fee paid covers `feePilgrims` pilgrims, and only that many may travel on it.
    if (row.feePilgrims !== null && pilgrims !== row.feePilgrims) {
      throw new ApiError('validation_failed', {
        fields: { companions: [reader.t('ApiErrors.pilgrims_paid_for', { paid: row.feePilgrims, now: pilgrims })] },
      });
    }
    // Another package than the one its places are held in (issue 57, item 6): the fee becomes the new package's, and
    // the money follows it. A dearer one owes its difference before it goes back to the office: it waits here, and the
    // payment of the difference sends it (payments.ts, send-again.ts). A cheaper one goes back, the difference to be
    // refunded through the office's four-eyes refund (refund-proposals.ts). Never an upgrade for free.
    const changed = current !== undefined && current.package !== chosen;
    let feeMinor = changed ? packageFeeOf(type, chosen) * pilgrims : row.feeMinor;
    // Paid in instalments: the plan's parts are shares of the fee its deposit was paid on; another fee is the
    // office's to arrange. The answers are kept, and the message names both fees.
    if (changed && row.paymentPlan && feeMinor !== row.feeMinor && row.feeMinor !== null && row.currency) {
      const formats = requestFormats(reader.locale, OFFICE_TIME_ZONE);
      throw new ApiError('validation_failed', {
        fields: { 'service.package': [reader.t('ApiErrors.package_on_plan', { paid: formats.money(row.feeMinor, row.currency), now: formats.money(feeMinor!, row.currency) })] },
      });
    }
    // Waiting for a dearer package's difference, the places paid for are kept aside (places.ts holdChange): the
    // package paid for chosen again takes them back, with the fee paid (not the catalogue's price now).
    let held = current;
    const [kept] = await tx.select().from(packageChanges).where(eq(packageChanges.requestId, id));
    if (kept && kept.package === chosen) {
      await restoreChange(tx, id);
      held = { package: kept.package, places: kept.places, heldUntil: null };
      feeMinor = kept.feeMinor;
    }
    const taken = await takenPaymentsOf(tx, id);
    // Without a plan, anything owed now is the difference (a plan's instalments are owed while it is open, and paid apart).
    if (!row.paymentPlan && moneyOf({ ...row, feeMinor }, taken)?.outstanding_minor) {
      // The difference is owed: the request waits for it with its new fee, its places moved, until a pay-by time set
      // once (a first send's PAYMENT_DEADLINE_HOURS; sending again keeps it); sending again answers the same.
      let differenceDueAt = row.differenceDueAt;
      if (kept) await holdPlaces(tx, row, { package: chosen, count: pilgrims, heldUntil: differenceDueAt }, held, reader.locale);
      else if (held && held.package !== chosen && row.feeMinor !== null) {
        differenceDueAt = new Date(Date.now() + env().PAYMENT_DEADLINE_HOURS * 3_600_000);
        await holdChange(tx, row, { package: chosen, count: pilgrims, heldUntil: differenceDueAt }, held, row.feeMinor, reader.locale);
      } else await holdPlaces(tx, row, { package: chosen, count: pilgrims, heldUntil: null }, held, reader.locale);
      const [waiting] = await tx
        .update(requests)
        .set({ feeMinor, completedSteps, pilgrims, differenceDueAt, version: row.version + 1, updatedAt: new Date() })
        .where(eq(requests.id, id))
        .returning();
      return { summary: requestSummary(waiting!, taken), feeChanged: feeMinor !== row.feeMinor };
    }
    // Paid: its places are kept for good (another package chosen in the changes needs places there); places kept aside
    // for a package change no longer needed go back.
    await holdPlaces(tx, row, { package: chosen, count: pilgrims, heldUntil: null }, held, reader.locale);
    if (kept && kept.package !== chosen) await dropChange(tx, id);
    // What the office asked to change is done with: no longer highlighted.
    const moved = await sendAgain(tx, row, { pilgrims, feeMinor, differenceDueAt: null });
    return { summary: requestSummary(moved, taken), feeChanged: feeMinor !== row.feeMinor };
  });
  // A checkout opened for a difference the new fee no longer asks is stopped (money that still arrives goes back).
  if (sent.feeChanged) await voidOpenPayments(id);
  return sent.summary;
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
  return requestSummary(cancelled, await takenPaymentsOf(db, id));
}

/**
 * "Change answers" on a request awaiting payment: it goes back to a draft
 * (keeping its reference), its open checkout is voided, and it must be
 * submitted again, which computes the fee again. Its places stay held until
 * the pay-by time it had (place_holds.held_until; then the deadlines sweep
 * gives them back), so sending it again in time keeps them, and that pay-by
 * time: the reminder already sent is kept with it (submitRequest).
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
      // Kept: sent again while its places are held, it has the same pay-by time, already reminded of.
      // The declaration is made again before sending again.
      completedSteps: row.completedSteps.filter((step) => step !== 'declaration'),
      version: row.version + 1,
    });
  });
  await releasePayments(id);
  // A draft again: no fee, so no money state.
  return requestSummary(reopened, []);
}
