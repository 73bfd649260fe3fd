import 'server-only';
import { describeError, logger } from '@/lib/server/log/logger';
import { readText } from '@/lib/server/http/request-body';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { payments, requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { moveRequest } from '@/lib/server/requests/history';
import { notify } from '@/lib/server/notifications/notify';
import { ownRequest } from '@/lib/server/requests/requests';
import type { GatewayPayment, PaymentProvider } from './provider';
import { testGateway } from './test-gateway';
import { moyasarProvider, readMoyasarConfig } from './moyasar';

export type PaymentRow = typeof payments.$inferSelect;

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
  if (name === 'test') return testGateway;
  if (name === 'moyasar') return moyasarIfConfigured() ?? undefined;
  return undefined;
}

/** The gateway new payments go through: Moyasar when configured, else the built-in test gateway. */
export function activeProvider(): PaymentProvider {
  return moyasarIfConfigured() ?? testGateway;
}

function providerOf(payment: PaymentRow): PaymentProvider {
  const provider = providerNamed(payment.provider);
  if (!provider) throw new Error(`no payment provider ${payment.provider}`);
  return provider;
}

export function publicPayment(payment: PaymentRow) {
  return {
    id: payment.id,
    request_id: payment.requestId,
    status: payment.status,
    amount_minor: payment.amountMinor,
    currency: payment.currency,
    provider: payment.provider,
    failure_reason: payment.failureReason,
    card_last4: payment.cardLast4,
    redirect_url: payment.status === 'pending' || payment.status === 'initiated' ? payment.redirectUrl : null,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Starts paying a request's fee: one payment in flight per request, an
 * Idempotency-Key answered with the same payment, a paid request refused.
 */
export async function startPayment(userId: string, requestId: string, idempotencyKey: string | null, origin: string, locale: string) {
  const db = await getDb();
  const existing = async () => {
    if (idempotencyKey) {
      const [byKey] = await db.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey))).limit(1);
      if (byKey) return byKey;
    }
    const [inFlight] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.requestId, requestId), inArray(payments.status, ['initiated', 'pending'])))
      .limit(1);
    return inFlight;
  };

  const request = await ownRequest(db, userId, requestId);
  const found = await existing();
  if (found && (found.idempotencyKey === idempotencyKey || found.status === 'pending')) return found;
  if (request.status !== 'pending_payment') throw new ApiError('conflict', { messageKey: request.status === 'draft' ? 'wrong_state' : 'already_paid' });
  if (!request.feeMinor || !request.currency) throw new Error(`request ${requestId} has no fee`);

  let payment: PaymentRow;
  try {
    [payment] = (await db
      .insert(payments)
      .values({ requestId, userId, provider: activeProvider().name, amountMinor: request.feeMinor, currency: request.currency, idempotencyKey })
      .returning()) as [PaymentRow];
  } catch (error) {
    // Two starts at once: the other one won; answer its payment.
    if (isUniqueViolation(error)) {
      const winner = await existing();
      if (winner) return winner;
    }
    throw error;
  }

  try {
    const { providerPaymentId, redirectUrl } = await activeProvider().createPayment({
      paymentId: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: request.reference ?? request.id,
      returnUrl: `${origin}/${locale}/check-payment?payment_id=${payment.id}`,
      callbackUrl: `${origin}/api/v1/payments/webhooks/${activeProvider().name}`,
    });
    const absolute = redirectUrl.startsWith('/') ? `${origin}${redirectUrl}` : redirectUrl;
    const [started] = await db
      .update(payments)
      .set({ providerPaymentId, redirectUrl: absolute, status: 'pending', updatedAt: new Date() })
      .where(eq(payments.id, payment.id))
      .returning();
    return started!;
  } catch (error) {
    await db.update(payments).set({ status: 'failed', failureReason: 'gateway_unavailable', updatedAt: new Date() }).where(eq(payments.id, payment.id));
    throw error;
  }
}

/**
 * Applies what the gateway says, once: whichever of the redirect, the webhook
 * and reconciliation comes first makes the change, the others find it done.
 */
export async function settle(paymentId: string, gateway: GatewayPayment): Promise<PaymentRow> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1).for('update');
    if (!payment) throw new ApiError('not_found');
    if (payment.status !== 'pending' || (gateway.status !== 'paid' && gateway.status !== 'failed')) return payment;
    // Money that does not match what was asked is never taken as the fee.
    const matches = gateway.amountMinor === payment.amountMinor && gateway.currency === payment.currency;
    const paid = gateway.status === 'paid' && matches;
    const [settled] = await tx
      .update(payments)
      .set({
        status: paid ? 'paid' : 'failed',
        failureReason: paid ? null : matches ? gateway.failureReason : 'amount_mismatch',
        cardLast4: gateway.cardLast4,
        paidAt: paid ? new Date() : null,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, paymentId))
      .returning();
    const [request] = await tx.select().from(requests).where(eq(requests.id, payment.requestId)).limit(1).for('update');
    if (paid && request?.status === 'pending_payment') {
      await moveRequest(tx as unknown as Db, request, 'submitted', 'system', null, { version: request.version + 1 });
    }
    if (!paid && request) {
      await notify(tx as unknown as Db, {
        userId: payment.userId,
        type: 'payment_failed',
        requestId: request.id,
        params: { reference: request.reference ?? '', amount_minor: payment.amountMinor, currency: payment.currency, reason: settled!.failureReason ?? 'other' },
      });
    }
    return settled!;
  });
}

/** Asks the gateway about a payment still open, and applies the answer. */
export async function refresh(payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status !== 'pending' || !payment.providerPaymentId) return payment;
  const gateway = await providerOf(payment).fetchPayment(payment.providerPaymentId);
  return settle(payment.id, gateway);
}

/** GET /payments/{id}: the owner's payment, verified with the gateway while it is open. */
export async function checkPayment(userId: string, paymentId: string) {
  const db = await getDb();
  const [payment] = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.userId, userId))).limit(1);
  if (!payment) throw new ApiError('not_found');
  return refresh(payment);
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

/** Re-verifies open payments older than a minute, so a payment whose webhook was lost is still applied. */
export async function reconcilePayments() {
  const db = await getDb();
  const open = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lt(payments.updatedAt, sql`now() - interval '1 minute'`)));
  for (const payment of open) {
    await refresh(payment).catch((error) =>
      logger.error('reconciliation failed', { payment: payment.id, error: describeError(error) }),
    );
  }
  return open.length;
}

export async function paymentsOf(requestId: string) {
  const db = await getDb();
  return db.select().from(payments).where(eq(payments.requestId, requestId)).orderBy(payments.createdAt);
}

/**
 * The office cancelled a paid request: every paid payment is refunded through
 * its gateway and recorded. A refund that fails stays "paid" and is logged,
 * so that it is retried (nothing is marked refunded that was not).
 */
export async function refundRequest(requestId: string) {
  const db = await getDb();
  const paid = await db.select().from(payments).where(and(eq(payments.requestId, requestId), eq(payments.status, 'paid')));
  for (const payment of paid) {
    const provider = providerOf(payment);
    if (!provider.refundPayment || !payment.providerPaymentId) throw new Error(`${payment.provider} cannot refund`);
    try {
      await provider.refundPayment(payment.providerPaymentId, payment.amountMinor);
      await db
        .update(payments)
        .set({ status: 'refunded', refundedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid')));
    } catch (error) {
      logger.error('refund failed', { payment: payment.id, error: describeError(error) });
    }
  }
  return paid.length;
}
