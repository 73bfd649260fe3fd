import 'server-only';
import { describeError, logger } from '@/lib/server/log/logger';
import { readText } from '@/lib/server/http/request-body';
import { and, desc, eq, getTableColumns, gt, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { payments, placeHolds, refundProposals, requests, requestTypes } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { publicSiteUrl } from '@/lib/server/http/origin';
import { moveRequest } from '@/lib/server/requests/move-request';
import { notify } from '@/lib/server/notifications/notify';
import { companionAccess } from '@/lib/server/requests/shared-requests';
import { moneyNoticeParams } from '@/lib/server/requests/money-notice';
import { isDifference, planOffered } from '@/lib/payments/payment-plan';
import { sendAgain } from '@/lib/server/requests/send-again';
import { dropChange, keepPlaces } from '@/lib/server/requests/places';
import { paymentViewStatus, refundedOf } from '@/lib/payments/money';
import { amountDue, isInstalment, nextInstalment, nextPart, OWING_STATUSES, paidParts, payByOf } from './payment-parts';
import type { GatewayPayment, PaymentProvider } from './provider';
import { testGateway } from './test-gateway';
import { checkoutReady } from './checkout-ready';
import { moyasarProvider, readMoyasarConfig } from './moyasar';
import { chooseGateway, testGatewayEnabled } from './gateway-choice';
import type { Payment, PaymentOutcome } from '@/lib/contract/payments';

export type PaymentRow = typeof payments.$inferSelect;

/** Why money went back to the payer (payments.refund_reason, Notifications.types.payment_refunded). */
export type RefundReason = 'cancelled' | 'not_awaiting_payment' | 'amount_mismatch' | 'instalment_missed' | 'package_change';

let moyasar: PaymentProvider | null | undefined;

/** Moyasar when its keys are in the environment (read once), else nothing. */
function moyasarIfConfigured(): PaymentProvider | null {
  if (moyasar === undefined) {
    const config = readMoyasarConfig(process.env);
    moyasar = config ? moyasarProvider(config) : null;
  }
  return moyasar;
}

function providerNamed(name: string): PaymentProvider | undefined {
  if (name === 'test') return testGatewayEnabled() ? testGateway : undefined;
  if (name === 'moyasar') return moyasarIfConfigured() ?? undefined;
  return undefined;
}

/** The gateway new payments go through (see gateway-choice.ts), or null when payments are off. */
export function activeProvider(): PaymentProvider | null {
  const choice = chooseGateway();
  if (choice.name === 'moyasar') return moyasarIfConfigured();
  return choice.name === 'test' ? testGateway : null;
}

function providerOf(payment: PaymentRow): PaymentProvider {
  const provider = providerNamed(payment.provider);
  if (!provider) throw new Error(`no payment provider ${payment.provider}`);
  return provider;
}

/** A payment as the API answers it (GET /payments/{id}, the checkout started). */
export function publicPayment(payment: PaymentRow): Payment {
  return {
    id: payment.id,
    request_id: payment.requestId,
    part: payment.part,
    // The column is text, written only with these statuses (this file and counter.ts); a partial refund says so.
    status: paymentViewStatus(payment),
    amount_minor: payment.amountMinor,
    refunded_minor: refundedOf(payment),
    currency: payment.currency,
    provider: payment.provider,
    failure_reason: payment.failureReason === HOLD_ENDED_CONFIRMED ? HOLD_ENDED : payment.failureReason,
    refund_reason: payment.refundReason,
    card_last4: payment.cardLast4,
    redirect_url: payment.status === 'pending' || payment.status === 'initiated' ? payment.redirectUrl : null,
    // Paid at the office's counter: the number of the receipt handed over.
    receipt_number: payment.receiptNumber,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
  };
}

const OPEN = ['initiated', 'pending'] as const;
// A voided payment's failure_reason: `voided` while the gateway might still take money for it, then this.
const VOID_CONFIRMED = 'void_confirmed';
// An authorisation voided because the request's hold on its places had ended: `hold_ended` while the
// gateway might still hold the money, then confirmed (shown as `hold_ended` all along).
export const HOLD_ENDED = 'hold_ended';
const HOLD_ENDED_CONFIRMED = 'hold_ended_void_confirmed';
// A voided payment still asked about (reconciliation), and what each becomes once the gateway confirms.
const VOID_WATCHED: Record<string, string> = { voided: VOID_CONFIRMED, [HOLD_ENDED]: HOLD_ENDED_CONFIRMED };

/**
 * The request the user may pay (their own, or one they are a companion on), with whether the office is cancelling it
 * with a refund (a proposal awaiting its second member): the applicant's in one read, "Pay" being pressed by everyone
 * who got a place on the day a season opens.
 */
async function payableRequest(db: Db, userId: string, requestId: string) {
  // Spelled out with its table: in a select list drizzle writes columns bare, and a bare "id" here would be the proposal's.
  const refunding = sql<boolean>`exists (select 1 from ${refundProposals} rp where rp.request_id = ${requests}.id and rp.decision is null)`;
  const [own] = await db.select({ row: getTableColumns(requests), refunding }).from(requests).where(and(eq(requests.id, requestId), eq(requests.userId, userId))).limit(1);
  if (own) return own;
  const { row } = await companionAccess(db, userId, requestId);
  const [proposed] = await db.select({ refunding }).from(requests).where(eq(requests.id, requestId)).limit(1);
  return { row, refunding: proposed?.refunding === true };
}

/**
 * Starts paying a part of a request's fee (docs/INSTALMENTS.md): the whole
 * fee, the deposit when the service offers a plan, or an instalment once the
 * deposit is paid; by the applicant or a companion on the request. One payment
 * in flight per request; an Idempotency-Key answered with the same payment of
 * the same request; a part already paid refused. Choosing the deposit fixes the
 * service's plan on the request as it is now. Return and webhook URLs come
 * from the configured origin only.
 */
export async function startPayment(userId: string, requestId: string, idempotencyKey: string | null, locale: string, askedPart?: string) {
  const db = await getDb();
  // The request's payments (a few rows): the parts paid, the payment of this key, the one in flight (one at most).
  const paymentsOf = () => db.select().from(payments).where(eq(payments.requestId, requestId));
  const existing = async (rows?: PaymentRow[]) => {
    const known = rows ?? (await paymentsOf());
    const byKey = idempotencyKey ? known.find((row) => row.userId === userId && row.idempotencyKey === idempotencyKey) : undefined;
    return byKey ?? known.find((row) => (OPEN as readonly string[]).includes(row.status));
  };

  const { row: request, refunding } = await payableRequest(db, userId, requestId);
  const ofRequest = await paymentsOf();
  const paid = paidParts(ofRequest);
  const part = askedPart ?? nextPart(request, ofRequest);
  // The choice, while nothing is paid: the deposit under the service's plan as it is now (if still offered), or the whole fee.
  let plan = request.paymentPlan;
  const choosing = request.status === 'pending_payment' && paid.size === 0;
  if (choosing && part === 'deposit') {
    const [type] = await db.select({ plan: requestTypes.paymentPlan }).from(requestTypes).where(eq(requestTypes.id, request.typeId)).limit(1);
    if (!planOffered(type?.plan ?? null, payByOf(request))) throw new ApiError('conflict', { messageKey: 'plan_not_offered' });
    plan = type!.plan;
  } else if (choosing && part === 'full') plan = null;
  const due = amountDue({ ...request, paymentPlan: plan }, ofRequest, part);

  const found = await existing(ofRequest);
  // The same key answers its payment.
  if (found && idempotencyKey && found.idempotencyKey === idempotencyKey && found.userId === userId) return checkoutReady(found);
  if (due === null) {
    // "Already paid" only when nothing is owed (issue 57, item 8): a part paid while instalments remain says so.
    const owing = request.paymentPlan !== null && request.feeMinor !== null && OWING_STATUSES.includes(request.status) && nextInstalment(request.feeMinor, request.paymentPlan, paid) !== undefined;
    const messageKey = request.status === 'draft' || (isInstalment(part) && request.status === 'pending_payment') ? 'wrong_state' : owing ? 'part_already_paid' : 'already_paid';
    throw new ApiError('conflict', { messageKey });
  }
  if (found && (found.status === 'pending' || found.status === 'initiated')) {
    // Another person on the request is at the gateway: their checkout is theirs (its receipt, its page), never handed over nor stopped.
    if (found.userId !== userId) throw new ApiError('conflict', { messageKey: 'payment_in_progress' });
    // The payer's own open checkout is reused while it asks for this part at today's amount.
    if (found.status === 'initiated' || (found.part === part && found.amountMinor === due)) return checkoutReady(found);
    // Another part chosen (or the amount changed): the gateway is asked first (a part paid a moment ago is recorded,
    // not refunded), then the old checkout is stopped; money that still arrives through it is refunded.
    const checked = await refresh(found);
    if (checked.status !== 'pending') return startPayment(userId, requestId, idempotencyKey, locale, askedPart);
    await voidOpenPayments(requestId);
  }
  // The office is cancelling it with a refund (a proposal awaiting a second member): no more money comes in meanwhile.
  if (refunding) throw new ApiError('conflict', { messageKey: 'refund_under_way' });
  if (!request.currency) throw new Error(`request ${requestId} has no fee`);
  const provider = activeProvider();
  if (!provider) throw new ApiError('service_unavailable', { messageKey: 'payments_unavailable' });
  if (choosing && JSON.stringify(plan) !== JSON.stringify(request.paymentPlan)) {
    await db.update(requests).set({ paymentPlan: plan }).where(and(eq(requests.id, requestId), eq(requests.status, 'pending_payment')));
  }

  // Two starts at once (a double click, two tabs): one payment in flight per request, and one per key (unique
  // indexes); the other start finds the winner's and answers it, without an error raised and caught on the way.
  const [payment] = await db
    .insert(payments)
    .values({ requestId, userId, provider: provider.name, amountMinor: due, currency: request.currency, idempotencyKey, part })
    .onConflictDoNothing()
    .returning();
  if (!payment) {
    const winner = await existing();
    if (winner && winner.userId !== userId) throw new ApiError('conflict', { messageKey: 'payment_in_progress' });
    if (winner) return checkoutReady(winner);
    throw new ApiError('conflict', { messageKey: 'payment_in_progress' });
  }

  const origin = publicSiteUrl();
  let created: { providerPaymentId: string; redirectUrl: string };
  try {
    // The fee or the deposit by the pay-by time; an instalment has its own date and grace, which the sweep keeps.
    const deadline = request.status === 'pending_payment' && request.submittedAt ? payByOf(request) : isDifference(part) && request.differenceDueAt ? request.differenceDueAt : undefined;
    created = await provider.createPayment({
      paymentId: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: request.reference ?? request.id,
      returnUrl: `${origin}/${locale}/check-payment?payment_id=${payment.id}`,
      callbackUrl: `${origin}/api/v1/webhooks/payments/${provider.name}`,
      expiresAt: deadline,
    });
  } catch (error) {
    await db.update(payments).set({ status: 'failed', failureReason: 'gateway_unavailable', updatedAt: new Date() }).where(eq(payments.id, payment.id));
    throw error;
  }
  const absolute = created.redirectUrl.startsWith('/') ? `${origin}${created.redirectUrl}` : created.redirectUrl;
  // Only if nothing voided it meanwhile (the user cancelled or withdrew the request while the gateway answered).
  const [started] = await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, redirectUrl: absolute, status: 'pending', updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'initiated')))
    .returning();
  if (!started) {
    await db.update(payments).set({ providerPaymentId: created.providerPaymentId, updatedAt: new Date() }).where(eq(payments.id, payment.id));
    await voidAtGateway(provider, { ...payment, providerPaymentId: created.providerPaymentId, status: 'voided' });
    throw new ApiError('conflict', { messageKey: 'wrong_state' });
  }
  return started;
}

/**
 * Applies what the gateway says, once: whichever of the redirect, the webhook
 * and reconciliation comes first makes the change, the others find it done.
 * Money taken is the fee only when the request still awaits exactly that fee;
 * otherwise (the request was cancelled, withdrawn or expired, or its fee
 * changed, or the gateway took another amount) it is owed back: `refunding`,
 * refunded right after by the caller (and retried by the sweep).
 */
export async function settle(paymentId: string, gateway: GatewayPayment): Promise<PaymentRow> {
  if (gateway.status === 'authorized') return settleAuthorisation(paymentId, gateway);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1).for('update');
    if (!payment) throw new ApiError('not_found');
    const watched = payment.status === 'pending' || payment.status === 'voided';
    if (!watched || (gateway.status !== 'paid' && gateway.status !== 'failed')) return payment;
    const [request] = await tx.select().from(requests).where(eq(requests.id, payment.requestId)).limit(1).for('update');

    if (gateway.status === 'failed') {
      if (payment.status === 'voided') {
        // The gateway closed it too: nothing to tell anyone, and nothing left to watch.
        const confirmed = VOID_WATCHED[payment.failureReason ?? ''] ?? payment.failureReason;
        const [closed] = await tx.update(payments).set({ failureReason: confirmed, updatedAt: new Date() }).where(eq(payments.id, paymentId)).returning();
        return closed!;
      }
      const [failed] = await tx
        .update(payments)
        .set({ status: 'failed', failureReason: gateway.failureReason, cardLast4: gateway.cardLast4, updatedAt: new Date() })
        .where(eq(payments.id, paymentId))
        .returning();
      if (request) {
        await notify(tx, {
          userId: payment.userId,
          type: 'payment_failed',
          requestId: request.id,
          params: { reference: request.reference ?? '', amount_minor: payment.amountMinor, currency: payment.currency, reason: failed!.failureReason ?? 'other' },
        });
      }
      return failed!;
    }

    const asked = gateway.amountMinor === payment.amountMinor && gateway.currency === payment.currency;
    // This part, at this amount, is what the request awaits now (payment-parts.ts).
    const due = request ? amountDue(request, await paymentRowsOf(tx, request.id), payment.part) : null;
    const awaited = payment.status === 'pending' && due === payment.amountMinor && request?.currency === payment.currency;
    if (asked && awaited && request) {
      const [paid] = await tx
        .update(payments)
        .set({ status: 'paid', failureReason: null, cardLast4: gateway.cardLast4, paidAt: new Date(), updatedAt: new Date(), feeMinor: request.feeMinor })
        .where(eq(payments.id, paymentId))
        .returning();
      // The fee or the deposit moves the request on (and keeps its places); the difference of a dearer package sends it
      // back to the office, as the resend that asked for it would have (issue 57, item 6); an instalment is news only.
      if (request.status === 'pending_payment') await moveRequest(tx, request, 'submitted', 'system', null, { version: request.version + 1 });
      else await partReceived(tx, request, paid!);
      return paid!;
    }
    // Where this part would be awaited, another amount is a mismatch; anywhere else the request no longer awaited it.
    const wouldAwait = request && (isInstalment(payment.part) ? OWING_STATUSES.includes(request.status) : isDifference(payment.part) ? request.status === 'changes_requested' : request.status === 'pending_payment');
    const reason: RefundReason = !asked || (wouldAwait && payment.status === 'pending') ? 'amount_mismatch' : 'not_awaiting_payment';
    const [owed] = await tx
      .update(payments)
      .set({
        status: 'refunding',
        refundReason: reason,
        // What the gateway took is what goes back.
        amountMinor: gateway.amountMinor,
        currency: gateway.currency,
        cardLast4: gateway.cardLast4,
        paidAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(payments.id, paymentId))
      .returning();
    logger.warn('payment received for a request not awaiting it: refunding', { payment: paymentId, reason });
    return owed!;
  });
}

/** The parts of a request's fee paid so far, read in the caller's transaction. */
export async function paidPartsOf(tx: Db, requestId: string) {
  return paidParts(await paymentRowsOf(tx, requestId));
}

/** A request's payments, as the parts due read them (payment-parts.ts), in the caller's transaction. */
export async function paymentRowsOf(tx: Db, requestId: string) {
  return tx
    .select({ part: payments.part, status: payments.status, amountMinor: payments.amountMinor, refundAmountMinor: payments.refundAmountMinor, refundReason: payments.refundReason, changeRefundMinor: payments.changeRefundMinor, changeRefundedMinor: payments.changeRefundedMinor })
    .from(payments)
    .where(eq(payments.requestId, requestId));
}

/**
 * An instalment received: the applicant told, and the payer too when a companion paid it. The difference of a
 * dearer package received: the request goes back to the office in this transaction (send-again.ts), its move's
 * notice saying the difference came and the request was sent (issue 57, item 6).
 */
async function partReceived(tx: Db, request: typeof requests.$inferSelect, payment: PaymentRow) {
  const told = (userId: string) => ({ userId, type: 'instalment_paid' as const, requestId: request.id, params });
  // This payment's amount, and what is left after it (issue 57, item 3).
  const params = { ...(await moneyNoticeParams(tx, request)), reference: request.reference ?? '', amount_minor: payment.amountMinor, currency: payment.currency, part: payment.part };
  if (isDifference(payment.part)) {
    // Its places are the request's for good, and those kept aside for the package paid for go back (places.ts).
    await keepPlaces(tx, request.id);
    await dropChange(tx, request.id);
    await sendAgain(tx, request, { differenceDueAt: null }, told(request.userId));
  }
  else await notify(tx, told(request.userId));
  if (payment.userId !== request.userId) await notify(tx, told(payment.userId));
}

/**
 * Whether a request held its places when the money was authorised: its hold is
 * still there (the places still counted, not given back) and its pay-by time
 * had not passed at `at` (null: kept for good).
 */
async function heldPlacesAt(tx: Db, requestId: string, at: Date): Promise<boolean> {
  const [hold] = await tx
    .select({ requestId: placeHolds.requestId })
    .from(placeHolds)
    .where(and(eq(placeHolds.requestId, requestId), or(isNull(placeHolds.heldUntil), gt(placeHolds.heldUntil, at))))
    .limit(1);
  return Boolean(hold);
}

/**
 * The payer's money is authorised, not taken. Decided in a transaction on the
 * payment and the request: captured only while the request awaits exactly
 * this amount and still holds its places; otherwise voided, never kept, and
 * the pilgrim told why. The gateway is called after the decision is written;
 * what it answers goes through `settle` again, whose checks still apply (money
 * captured as the hold ended in between is refunded at once).
 */
async function settleAuthorisation(paymentId: string, gateway: GatewayPayment): Promise<PaymentRow> {
  const db = await getDb();
  const { payment, action } = await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1).for('update');
    if (!payment) throw new ApiError('not_found');
    if (payment.status !== 'pending' && payment.status !== 'voided') return { payment, action: 'none' as const };
    const [request] = await tx.select().from(requests).where(eq(requests.id, payment.requestId)).limit(1).for('update');
    // Authorised while the places were held (a webhook heard of late still counts), and they are held still.
    const at = gateway.authorizedAt && gateway.authorizedAt.getTime() <= Date.now() ? gateway.authorizedAt : new Date();
    const due = request ? amountDue(request, await paymentRowsOf(tx, request.id), payment.part) : null;
    // An instalment, or a package change's difference, is paid on places already kept for good: held while the part is owed.
    // A difference, until its pay-by time: the new package's places are held till then (issue 57, item 6).
    const held = isInstalment(payment.part)
      ? due !== null
      : isDifference(payment.part)
        ? due !== null && (await heldPlacesAt(tx, request!.id, at))
        : request?.status === 'pending_payment' && (await heldPlacesAt(tx, request.id, at));
    const asked = gateway.amountMinor === payment.amountMinor && gateway.currency === payment.currency;
    const fee = due === payment.amountMinor && request?.currency === payment.currency;
    if (payment.status === 'pending' && held && asked && fee) return { payment, action: 'capture' as const };
    const told = { userId: payment.userId, requestId: payment.requestId, params: { reference: request?.reference ?? '', amount_minor: payment.amountMinor, currency: payment.currency } };
    // An old checkout of a request that awaits payment again (withdrawn, then sent): released quietly.
    if (payment.status === 'voided' && held) return { payment, action: 'void' as const };
    if (payment.status === 'pending' && held) {
      // Another amount than the fee while the places are still held: not accepted; the request still awaits its fee.
      const [failed] = await tx
        .update(payments)
        .set({ status: 'failed', failureReason: 'amount_mismatch', cardLast4: gateway.cardLast4, updatedAt: new Date() })
        .where(eq(payments.id, paymentId))
        .returning();
      await notify(tx, { ...told, type: 'payment_failed', params: { ...told.params, reason: 'amount_mismatch' } });
      return { payment: failed!, action: 'void' as const };
    }
    // The hold ended (expired, cancelled, withdrawn, or past its pay-by time) before the money was authorised:
    // released, and the pilgrim told why, once (a voided payment asked about again is only voided again).
    if (payment.failureReason === HOLD_ENDED || payment.failureReason === HOLD_ENDED_CONFIRMED) return { payment, action: 'void' as const };
    const [voided] = await tx
      .update(payments)
      .set({ status: 'voided', failureReason: HOLD_ENDED, cardLast4: gateway.cardLast4, updatedAt: new Date() })
      .where(eq(payments.id, paymentId))
      .returning();
    await notify(tx, { ...told, type: 'payment_voided', params: { ...told.params, reason: HOLD_ENDED } });
    logger.warn('payment authorised after the hold on its places ended: voiding', { payment: paymentId });
    return { payment: voided!, action: 'void' as const };
  });
  if (action === 'none' || !payment.providerPaymentId) return payment;

  const provider = providerOf(payment);
  let after: GatewayPayment;
  try {
    if (action === 'capture') {
      if (!provider.capturePayment) throw new Error(`${provider.name} cannot capture`);
      after = await provider.capturePayment(payment.providerPaymentId, payment.amountMinor);
    } else {
      if (!provider.voidPayment) throw new Error(`${provider.name} cannot void`);
      after = await provider.voidPayment(payment.providerPaymentId);
    }
  } catch (error) {
    // Nothing known: the payment stays as it is (awaiting payment, or voided and watched); reconciliation asks again.
    logger.error(`${action} at the gateway failed`, { payment: paymentId, error: describeError(error) });
    return payment;
  }
  if (after.status === 'authorized') return payment;
  // A refused capture arrives as failed: the request still awaits payment, and the pilgrim is told.
  return settle(paymentId, after.status === 'failed' && action === 'capture' ? { ...after, failureReason: 'capture_failed' } : after);
}

/** Asks the gateway about a payment still watched (open, or voided by us), applies the answer, and refunds money owed. */
export async function refresh(payment: PaymentRow): Promise<PaymentRow> {
  if ((payment.status !== 'pending' && payment.status !== 'voided') || !payment.providerPaymentId) return payment;
  const gateway = await providerOf(payment).fetchPayment(payment.providerPaymentId);
  const settled = await settle(payment.id, gateway);
  return settled.status === 'refunding' ? refundPayment(settled) : settled;
}

/**
 * GET /payments/{id}: the owner's payment, verified with the gateway while it is open; only while its payer is
 * still on the request (a companion withdrawn or removed from it gets 404, as for its receipt: issue 57, item 7).
 */
export async function checkPayment(userId: string, paymentId: string) {
  const db = await getDb();
  const [payment] = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.userId, userId))).limit(1);
  if (!payment) throw new ApiError('not_found');
  await payableRequest(db, userId, payment.requestId);
  return refresh(payment);
}

/**
 * GET /payments/{id}/outcome: what became of a checkout, for whoever holds its
 * id (the return address the gateway sent the payer back to) without a session.
 * The id is random (v4); the answer says nothing of the request or the account.
 */
export async function paymentOutcome(paymentId: string): Promise<PaymentOutcome> {
  const db = await getDb();
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment) throw new ApiError('not_found');
  const checked = await refresh(payment);
  const { id, status, amount_minor, currency, failure_reason } = publicPayment(checked);
  return { id, status, amount_minor, currency, failure_reason };
}

/** A webhook: its signature checked, then the gateway asked (the body is not trusted further). */
export async function receiveWebhook(providerName: string, request: Request) {
  const provider = providerNamed(providerName);
  if (!provider) throw new ApiError('not_found');
  const body = await readText(request);
  const { providerPaymentId } = await provider.verifyWebhook(request, body);
  const db = await getDb();
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, providerName), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1);
  if (!payment) throw new ApiError('not_found');
  return refresh(payment);
}

/** Stops a checkout at its gateway; what the gateway then says is applied (money that beat the void is refunded). */
async function voidAtGateway(provider: PaymentProvider, payment: PaymentRow): Promise<PaymentRow> {
  if (!payment.providerPaymentId) return payment;
  const gateway = provider.voidPayment ? await provider.voidPayment(payment.providerPaymentId) : await provider.fetchPayment(payment.providerPaymentId);
  const settled = await settle(payment.id, gateway);
  return settled.status === 'refunding' ? refundPayment(settled) : settled;
}

/**
 * The request no longer awaits payment (cancelled, withdrawn to draft, expired):
 * its open checkouts are voided, here and at the gateway. A gateway that cannot
 * be reached leaves the payment open; reconciliation voids it later. With `payer`,
 * only the checkouts that account started (a companion no longer on the request).
 */
export async function voidOpenPayments(requestId: string, payer?: string) {
  const db = await getDb();
  const open = await db
    .select()
    .from(payments)
    .where(and(eq(payments.requestId, requestId), inArray(payments.status, [...OPEN]), payer ? eq(payments.userId, payer) : undefined));
  for (const payment of open) {
    // Ours first: from now on a settling payment finds "voided" and is refunded, never taken as the fee.
    const [voided] = await db
      .update(payments)
      .set({ status: 'voided', failureReason: 'voided', updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, [...OPEN])))
      .returning();
    if (!voided) continue;
    try {
      await voidAtGateway(providerOf(voided), voided);
    } catch (error) {
      // Still watched as "voided": reconciliation asks the gateway again and refunds money that arrives.
      logger.error('void at the gateway failed', { payment: payment.id, error: describeError(error) });
    }
  }
  return open.length;
}

/**
 * Marks every paid payment of a request as owed back (inside the caller's
 * transaction, with the move that closes the request); `refundDue` gives it back.
 * Less than all of it (`amountMinor`, a partial refund approved by two members of the office) is taken
 * from the latest payments first, each giving back at most what it took: a request paid in parts
 * never gives back more through one card than that card paid. A payment left with nothing to give back stays paid.
 */
export async function markRefundDue(tx: Db, requestId: string, reason: RefundReason, amountMinor?: number, keptParts: string[] = []) {
  // Parts the rules keep (a missed instalment keeps the deposit, docs/INSTALMENTS.md) are not owed back.
  const owed = and(eq(payments.requestId, requestId), eq(payments.status, 'paid'), keptParts.length ? notInArray(payments.part, keptParts) : undefined);
  const marked: { id: string }[] = [];
  const paid = await tx.select().from(payments).where(owed).orderBy(desc(payments.paidAt), desc(payments.createdAt));
  let left = amountMinor ?? Number.POSITIVE_INFINITY;
  for (const payment of paid) {
    // What a package change already gave back of it stays given back (issue 57, item 6); one still on its way
    // joins this refund, so that the payment has one refund at its gateway at a time.
    const free = payment.amountMinor - payment.changeRefundMinor;
    const onItsWay = payment.changeRefundMinor - payment.changeRefundedMinor;
    const back = Math.min(left, free);
    if (back <= 0) continue;
    await tx.update(payments).set(refundOf(payment, back + onItsWay, reason)).where(eq(payments.id, payment.id));
    marked.push({ id: payment.id });
    left -= back;
  }
  // The request is closing: what stays paid is kept, by the rules or by the office's decision, and says so
  // (never "paid" on a closed request, which would read as a refund still owed).
  await tx.update(payments).set({ status: 'kept', updatedAt: new Date() }).where(and(eq(payments.requestId, requestId), eq(payments.status, 'paid')));
  return marked;
}

/** A payment owed back, `back` of it (all that a package change has not given back already), for `reason`. */
function refundOf(payment: PaymentRow, back: number, reason: RefundReason) {
  return {
    status: 'refunding' as const,
    refundReason: reason,
    // Null: all of it (nothing of it went back before).
    refundAmountMinor: back === payment.amountMinor ? null : back,
    changeRefundMinor: payment.changeRefundedMinor,
    updatedAt: new Date(),
  };
}

/**
 * The difference of a cheaper package chosen after paying goes back while the request stays open (issue 57,
 * item 6; approved by two members, refund-proposals.ts), in the caller's transaction. Taken from the latest
 * payments first, as a partial refund is: a payment all of whose rest goes back is refunded as any (`refunding`,
 * reason package_change); one that gives back part stays `paid` for the rest, that part its change refund
 * (change_refund_minor), on its way until the gateway confirms it (refundChange).
 */
export async function markChangeRefund(tx: Db, requestId: string, amountMinor: number) {
  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.requestId, requestId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt), desc(payments.createdAt));
  let left = amountMinor;
  for (const payment of paid) {
    const back = Math.min(left, payment.amountMinor - payment.changeRefundMinor);
    if (back <= 0) continue;
    const whole = back === payment.amountMinor - payment.changeRefundMinor;
    const onItsWay = payment.changeRefundMinor - payment.changeRefundedMinor;
    await tx
      .update(payments)
      .set(whole ? refundOf(payment, back + onItsWay, 'package_change') : { changeRefundMinor: payment.changeRefundMinor + back, refundReason: 'package_change', updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    left -= back;
    if (left === 0) break;
  }
}

/**
 * Asks the payment's gateway to give `amount` back (told what a package change gave back before, so that a retry
 * never pays twice). False when it could not: logged, and the caller records nothing, so the sweep retries it.
 */
async function givenBack(payment: PaymentRow, amount: number): Promise<boolean> {
  try {
    const provider = providerOf(payment);
    if (!provider.refundPayment || !payment.providerPaymentId) throw new Error(`${payment.provider} cannot refund`);
    await provider.refundPayment(payment.providerPaymentId, amount, payment.changeRefundedMinor);
    return true;
  } catch (error) {
    logger.error('refund failed', { payment: payment.id, error: describeError(error) });
    return false;
  }
}

/**
 * Gives back through its gateway what a package change asked of a payment and the gateway has not confirmed
 * yet, and records it, telling the payer. One that fails stays on its way, and the sweep retries it; money taken
 * at the counter goes back at the counter (on its way until then), as every refund of it.
 */
export async function refundChange(payment: PaymentRow): Promise<PaymentRow> {
  const back = payment.changeRefundMinor - payment.changeRefundedMinor;
  if (back <= 0 || payment.provider === 'counter' || (payment.status !== 'paid' && payment.status !== 'kept')) return payment;
  if (!(await givenBack(payment, back))) return payment;
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Once: a refund confirmed by another instance meanwhile finds nothing to record.
    const [refunded] = await tx
      .update(payments)
      .set({ changeRefundedMinor: payment.changeRefundMinor, refundedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.changeRefundMinor, payment.changeRefundMinor), eq(payments.changeRefundedMinor, payment.changeRefundedMinor)))
      .returning();
    if (!refunded) return payment;
    const [request] = await tx.select({ reference: requests.reference }).from(requests).where(eq(requests.id, payment.requestId)).limit(1);
    await notify(tx, {
      userId: payment.userId,
      type: 'payment_refunded',
      requestId: payment.requestId,
      params: { reference: request?.reference ?? '', amount_minor: back, currency: payment.currency, reason: 'package_change' },
    });
    return refunded;
  });
}

/**
 * Gives one payment's money back through its gateway and records it, telling
 * the payer. A refund that fails stays `refunding` and is logged, so the sweep
 * retries it (nothing is marked refunded that was not).
 */
export async function refundPayment(payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status !== 'refunding') return payment;
  // Money taken at the office's counter goes back at the counter: no gateway can return it. It stays
  // `refunding` (shown to the pilgrim and the office as a refund on its way) until the office gives it back.
  if (payment.provider === 'counter') return payment;
  // What a package change gave back before is not given again (the gateway is told it, for a retry to know too).
  if (!(await givenBack(payment, payment.refundAmountMinor ?? payment.amountMinor))) return payment;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [refunded] = await tx
      .update(payments)
      .set({ status: 'refunded', refundedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'refunding')))
      .returning();
    if (!refunded) return payment;
    const [request] = await tx.select({ reference: requests.reference }).from(requests).where(eq(requests.id, payment.requestId)).limit(1);
    await notify(tx, {
      userId: payment.userId,
      type: 'payment_refunded',
      requestId: payment.requestId,
      // A partial refund says of how much (issue 57, item 4): "SAR 14,000.00 of the SAR 15,000.00 paid".
      params: {
        reference: request?.reference ?? '',
        amount_minor: refunded.refundAmountMinor ?? refunded.amountMinor,
        currency: refunded.currency,
        reason: refunded.refundReason ?? 'cancelled',
        // A package change's refund says why, not "of": the rest pays for the new package.
        ...(refunded.refundReason !== 'package_change' && refunded.refundAmountMinor !== null && refunded.refundAmountMinor < refunded.amountMinor ? { of_minor: refunded.amountMinor } : {}),
      },
    });
    return refunded;
  });
}

/** Refunds every payment of a request owed back (after the move that closed it, or a package change's refund), or of all requests. */
export async function refundDue(requestId?: string) {
  const db = await getDb();
  const ofRequest = requestId ? eq(payments.requestId, requestId) : undefined;
  const owed = await db.select().from(payments).where(and(ofRequest, eq(payments.status, 'refunding'), ne(payments.provider, 'counter')));
  let refunded = 0;
  for (const payment of owed) if ((await refundPayment(payment)).status === 'refunded') refunded += 1;
  // A package change's refund of part of a payment that stays paid (issue 57, item 6).
  const changes = await db
    .select()
    .from(payments)
    .where(and(ofRequest, inArray(payments.status, ['paid', 'kept']), gt(payments.changeRefundMinor, payments.changeRefundedMinor), ne(payments.provider, 'counter')));
  for (const payment of changes) if ((await refundChange(payment)).changeRefundedMinor === payment.changeRefundMinor) refunded += 1;
  return refunded;
}

/** After a request stops awaiting payment or is closed: its checkouts voided, money owed given back. */
export async function releasePayments(requestId: string) {
  await voidOpenPayments(requestId);
  await refundDue(requestId);
}

// How long a voided checkout is still asked about: a payer may finish a page opened before the void.
const WATCH_VOIDED_DAYS = 7;

/**
 * Every few minutes: re-verifies open payments older than a minute (a payment
 * whose webhook was lost is still applied), and voided ones for a week (money
 * that arrives anyway is refunded); voids open checkouts of requests that no
 * longer await payment; retries refunds owed.
 */
export async function reconcilePayments() {
  const db = await getDb();
  const watched = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(requests, eq(requests.id, payments.requestId))
    .where(
      or(
        and(eq(payments.status, 'pending'), lt(payments.updatedAt, sql`now() - interval '1 minute'`)),
        and(
          eq(payments.status, 'voided'),
          inArray(payments.failureReason, Object.keys(VOID_WATCHED)),
          gt(payments.createdAt, sql`now() - make_interval(days => ${WATCH_VOIDED_DAYS})`),
        ),
      ),
    );
  for (const { payment } of watched) {
    try {
      const after = await refresh(payment);
      // Still open for a part the request no longer awaits (it was cancelled, withdrawn, expired, or the part is paid):
      // voided. An instalment's checkout on a request sent to the office is awaited, and left to its payer.
      if (after.status === 'pending' && !(await stillAwaited(after))) await voidOpenPayments(payment.requestId);
    } catch (error) {
      logger.error('reconciliation failed', { payment: payment.id, error: describeError(error) });
    }
  }
  await refundDue();
  return watched.length;
}

/** Whether the request of an open checkout still awaits that part at that amount (payment-parts.ts). */
async function stillAwaited(payment: PaymentRow) {
  const db = await getDb();
  const [request] = await db.select().from(requests).where(eq(requests.id, payment.requestId)).limit(1);
  return Boolean(request) && amountDue(request!, await paymentRowsOf(db, payment.requestId), payment.part) === payment.amountMinor;
}

export async function paymentsOf(requestId: string) {
  const db = await getDb();
  return db.select().from(payments).where(eq(payments.requestId, requestId)).orderBy(payments.createdAt);
}
