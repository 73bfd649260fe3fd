import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { submittedRequest } from '@/test/requests';
import { getDb, queryRows } from '@/lib/server/db/client';
import { cardOutcome, payOnTestGateway, signBody, SIGNATURE_HEADER, TEST_CARDS } from '@/lib/server/payments/test-gateway';
import { reconcilePayments } from '@/lib/server/payments/payments';
import * as listRoute from '../requests/route';
import * as oneRoute from '../requests/[id]/route';
import * as startRoute from '../requests/[id]/payments/route';
import * as paymentRoute from './[id]/route';
import * as outcomeRoute from './[id]/outcome/route';
import * as webhookRoute from '../webhooks/payments/[provider]/route';

withTestDatabase();

/** A submitted Hajj request for two pilgrims, awaiting payment. */
async function awaitingPayment() {
  const { token } = await newUser();
  const { id, fee } = await submittedRequest(token);
  return { token, id, fee };
}

function startPayment(token: string, id: string, key?: string) {
  return call(startRoute.POST, { token, params: { id }, body: {}, headers: key ? { 'idempotency-key': key } : {}, locale: 'ar' });
}

async function webhook(providerPaymentId: string, signature?: string) {
  const body = JSON.stringify({ type: 'payment.paid', data: { id: providerPaymentId } });
  const request = new Request('http://portal.test/api/v1/webhooks/payments/test', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature ?? (await signBody(body)) },
    body,
  });
  return webhookRoute.POST(request, { params: Promise.resolve({ provider: 'test' }) });
}

const gatewayId = (redirectUrl: string) => redirectUrl.split('/').pop()!;
const requestStatus = async (token: string, id: string) => (await call(oneRoute.GET, { token, params: { id } })).json!.data.status;
const historyMoves = async (token: string, id: string) =>
  ((await call(oneRoute.GET, { token, params: { id } })).json!.data.history as { to: string }[]).map((h) => h.to);

describe('starting a payment', () => {
  it('asks for the fee of every pilgrim, in minor units, and answers the checkout address', async () => {
    const { token, id, fee } = await awaitingPayment();
    const { status, json } = await startPayment(token, id);
    expect(status).toBe(201);
    expect(json!.data).toMatchObject({ status: 'pending', amount_minor: fee, currency: 'SAR', provider: 'test' });
    // The configured origin (APP_URL, else http://localhost:$PORT), not the request's host.
    expect(json!.data.redirect_url).toMatch(/^http:\/\/localhost:3000\/test-gateway\/tg_[0-9a-f]{24}$/);
  });

  it('the same Idempotency-Key twice gives one payment', async () => {
    const { token, id } = await awaitingPayment();
    const first = await startPayment(token, id, 'key-1');
    const second = await startPayment(token, id, 'key-1');
    expect(second.json!.data.id).toBe(first.json!.data.id);
    const rows = await queryRows<{ n: number }>(sql`select count(*)::int as n from payments where request_id = ${id}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('one payment in flight per request, even with another key', async () => {
    const { token, id } = await awaitingPayment();
    const first = await startPayment(token, id, 'key-a');
    const second = await startPayment(token, id, 'key-b');
    expect(second.json!.data.id).toBe(first.json!.data.id);
  });

  it('someone else\'s request: 404; a draft: 409', async () => {
    const { id } = await awaitingPayment();
    const other = await newUser('Other');
    expect((await startPayment(other.token, id)).status).toBe(404);
    const draft = (await call(listRoute.POST, { token: other.token, body: { type: 'umrah' } })).json!.data.id;
    expect((await startPayment(other.token, draft)).status).toBe(409);
  });
});

describe('the redirect, the webhook and reconciliation', () => {
  it('the redirect first: /payments/{id} verifies with the gateway and the request is sent to the office', async () => {
    const { token, id } = await awaitingPayment();
    const payment = (await startPayment(token, id)).json!.data;
    await payOnTestGateway(gatewayId(payment.redirect_url), TEST_CARDS.success);
    const checked = await call(paymentRoute.GET, { token, params: { id: payment.id } });
    expect(checked.json!.data).toMatchObject({ status: 'paid', card_last4: '1111' });
    expect(await requestStatus(token, id)).toBe('submitted');
    // A paid request cannot be paid again.
    const again = await startPayment(token, id, 'another-key');
    expect(again.status).toBe(409);
    expect(again.json!.error.message).toBe('تم دفع رسوم هذا الطلب بالفعل.');
  });

  it('the webhook first, then the redirect, each twice: one state change', async () => {
    const { token, id } = await awaitingPayment();
    const payment = (await startPayment(token, id)).json!.data;
    await payOnTestGateway(gatewayId(payment.redirect_url), TEST_CARDS.success);
    expect((await webhook(gatewayId(payment.redirect_url))).status).toBe(204);
    expect((await webhook(gatewayId(payment.redirect_url))).status).toBe(204);
    await call(paymentRoute.GET, { token, params: { id: payment.id } });
    await call(paymentRoute.GET, { token, params: { id: payment.id } });
    expect(await historyMoves(token, id)).toEqual(['pending_payment', 'submitted']);
  });

  it('a forged signature is refused and changes nothing', async () => {
    const { token, id } = await awaitingPayment();
    const payment = (await startPayment(token, id)).json!.data;
    await payOnTestGateway(gatewayId(payment.redirect_url), TEST_CARDS.success);
    const forged = await webhook(gatewayId(payment.redirect_url), 'f'.repeat(64));
    expect(forged.status).toBe(403);
    const rows = await queryRows<{ status: string }>(sql`select status from payments where id = ${payment.id}`);
    expect(rows[0]!.status).toBe('pending');
    expect(await requestStatus(token, id)).toBe('pending_payment');
  });

  it('no webhook and no return: reconciliation applies the payment', async () => {
    const { token, id } = await awaitingPayment();
    const payment = (await startPayment(token, id)).json!.data;
    await payOnTestGateway(gatewayId(payment.redirect_url), TEST_CARDS.success);
    await (await getDb()).execute(sql`update payments set updated_at = now() - interval '5 minutes' where id = ${payment.id}`);
    expect(await reconcilePayments()).toBeGreaterThanOrEqual(1);
    expect(await requestStatus(token, id)).toBe('submitted');
  });

  it('a declined card fails the payment, the request still awaits payment, and a retry succeeds', async () => {
    const { token, id } = await awaitingPayment();
    const first = (await startPayment(token, id, 'try-1')).json!.data;
    await payOnTestGateway(gatewayId(first.redirect_url), TEST_CARDS.declined);
    const failed = await call(paymentRoute.GET, { token, params: { id: first.id } });
    expect(failed.json!.data).toMatchObject({ status: 'failed', failure_reason: 'declined' });
    expect(await requestStatus(token, id)).toBe('pending_payment');
    const second = (await startPayment(token, id, 'try-2')).json!.data;
    expect(second.id).not.toBe(first.id);
    await payOnTestGateway(gatewayId(second.redirect_url), TEST_CARDS.success);
    expect((await call(paymentRoute.GET, { token, params: { id: second.id } })).json!.data.status).toBe('paid');
  });

  it('another user cannot read a payment', async () => {
    const { token, id } = await awaitingPayment();
    const payment = (await startPayment(token, id)).json!.data;
    const other = await newUser('Other');
    expect((await call(paymentRoute.GET, { token: other.token, params: { id: payment.id } })).status).toBe(404);
  });
});

describe('the outcome for a payer without a session (issue 40)', () => {
  it('back from the gateway signed out: the checkout’s id answers what became of it, verified with the gateway, and nothing else', async () => {
    const { token, id, fee } = await awaitingPayment();
    const payment = (await startPayment(token, id)).json!.data;
    const before = await call(outcomeRoute.GET, { params: { id: payment.id } });
    expect(before.status).toBe(200);
    expect(before.json!.data).toEqual({ id: payment.id, status: 'pending', amount_minor: fee, currency: 'SAR', failure_reason: null });
    await payOnTestGateway(gatewayId(payment.redirect_url), TEST_CARDS.success);
    // No webhook yet: the outcome asks the gateway, as the owner's check does, and the request is sent.
    const after = await call(outcomeRoute.GET, { params: { id: payment.id } });
    expect(after.json!.data).toEqual({ id: payment.id, status: 'paid', amount_minor: fee, currency: 'SAR', failure_reason: null });
    expect(await requestStatus(token, id)).toBe('submitted');
  });

  it('says a declined card failed, and names nothing of the request or the account', async () => {
    const { token, id } = await awaitingPayment();
    const payment = (await startPayment(token, id)).json!.data;
    await payOnTestGateway(gatewayId(payment.redirect_url), TEST_CARDS.declined);
    const { json } = await call(outcomeRoute.GET, { params: { id: payment.id } });
    expect(json!.data).toMatchObject({ status: 'failed', failure_reason: 'declined' });
    expect(Object.keys(json!.data).sort()).toEqual(['amount_minor', 'currency', 'failure_reason', 'id', 'status']);
  });

  it('answers 404 for an id that names no payment, or is not an id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'LBK-2026-000001', '%00']) {
      const { status, json } = await call(outcomeRoute.GET, { params: { id } });
      expect(status, id).toBe(404);
      expect(json!.error.code).toBe('not_found');
    }
  });
});

describe('the test cards', () => {
  it('each documented card gives its outcome; a wrong number is refused', () => {
    expect(cardOutcome(TEST_CARDS.success)).toEqual({ kind: 'paid' });
    expect(cardOutcome('4111 1111 1111 1111')).toEqual({ kind: 'paid' });
    expect(cardOutcome(TEST_CARDS.declined)).toEqual({ kind: 'failed', reason: 'declined' });
    expect(cardOutcome(TEST_CARDS.insufficientFunds)).toEqual({ kind: 'failed', reason: 'insufficient_funds' });
    expect(cardOutcome(TEST_CARDS.threeDSecure)).toEqual({ kind: 'otp' });
    expect(cardOutcome(TEST_CARDS.threeDSecure, '123456')).toEqual({ kind: 'paid' });
    expect(cardOutcome(TEST_CARDS.threeDSecure, '000000')).toEqual({ kind: 'failed', reason: 'authentication_failed' });
    expect(cardOutcome('4111111111111112')).toEqual({ kind: 'invalid' });
  });
});

describe('deadlines and refunds', () => {
  it('an unpaid request gets one reminder 24 hours before its deadline, then expires', async () => {
    const { applyPaymentDeadlines } = await import('@/lib/server/payments/deadlines');
    const { token, id } = await awaitingPayment();
    const db = await getDb();
    await db.execute(sql`update requests set submitted_at = now() - interval '50 hours' where id = ${id}`);
    expect((await applyPaymentDeadlines()).reminded).toBeGreaterThanOrEqual(1);
    const reminded = await queryRows<{ at: string | null }>(sql`select payment_reminder_at as at from requests where id = ${id}`);
    expect(reminded[0]!.at).not.toBeNull();
    expect(await requestStatus(token, id)).toBe('pending_payment');
    const again = await applyPaymentDeadlines();
    expect(again.reminded).toBe(0);

    await db.execute(sql`update requests set submitted_at = now() - interval '73 hours' where id = ${id}`);
    await applyPaymentDeadlines();
    expect(await requestStatus(token, id)).toBe('expired');
    expect((await startPayment(token, id)).status).toBe(409);
  });

  it('the deadline job run by several instances at once reminds once and expires once', async () => {
    const { applyPaymentDeadlines } = await import('@/lib/server/payments/deadlines');
    const { token, id } = await awaitingPayment();
    const db = await getDb();
    const count = async (type: string) =>
      Number((await queryRows<{ n: number }>(sql`select count(*)::int as n from notifications where request_id = ${id} and type = ${type}`))[0]!.n);
    await db.execute(sql`update requests set submitted_at = now() - interval '50 hours' where id = ${id}`);
    await Promise.all([applyPaymentDeadlines(), applyPaymentDeadlines(), applyPaymentDeadlines()]);
    expect(await count('payment_reminder')).toBe(1);

    await db.execute(sql`update requests set submitted_at = now() - interval '73 hours' where id = ${id}`);
    const runs = await Promise.all([applyPaymentDeadlines(), applyPaymentDeadlines(), applyPaymentDeadlines()]);
    expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBe(1);
    expect(await requestStatus(token, id)).toBe('expired');
    const history = await queryRows<{ n: number }>(sql`select count(*)::int as n from request_history where request_id = ${id} and to_status = 'expired'`);
    expect(Number(history[0]!.n)).toBe(1);
  });

  it('a request paid at the last minute is not expired', async () => {
    const { applyPaymentDeadlines } = await import('@/lib/server/payments/deadlines');
    const { token, id } = await awaitingPayment();
    const payment = (await startPayment(token, id)).json!.data;
    await payOnTestGateway(gatewayId(payment.redirect_url), TEST_CARDS.success);
    await (await getDb()).execute(sql`update requests set submitted_at = now() - interval '80 hours' where id = ${id}`);
    await applyPaymentDeadlines();
    expect(await requestStatus(token, id)).toBe('submitted');
  });

  it('when the office cancels a paid request, the payment is refunded and recorded', async () => {
    const { officeMove } = await import('@/lib/server/requests/office-moves');
    const { token, id } = await awaitingPayment();
    const payment = (await startPayment(token, id)).json!.data;
    await payOnTestGateway(gatewayId(payment.redirect_url), TEST_CARDS.success);
    await call(paymentRoute.GET, { token, params: { id: payment.id } });
    await officeMove(id, 'cancelled', 'The season is full');
    const rows = await queryRows<{ status: string; refunded_at: string | null }>(sql`select status, refunded_at from payments where id = ${payment.id}`);
    expect(rows[0]!.status).toBe('refunded');
    expect(rows[0]!.refunded_at).not.toBeNull();
    const ledger = await queryRows<{ status: string }>(sql`select status from test_gateway_payments where id = ${gatewayId(payment.redirect_url)}`);
    expect(ledger[0]!.status).toBe('refunded');
  });
});

describe('payments in the request', () => {
  it('the details list every payment and the list says paid or unpaid', async () => {
    const { token, id } = await awaitingPayment();
    const list = async () => (await call(listRoute.GET, { token, path: '/api/v1/requests' })).json!.data[0];
    expect((await list()).money?.state).toBe('unpaid');
    const declined = (await startPayment(token, id, 'k1')).json!.data;
    await payOnTestGateway(gatewayId(declined.redirect_url), TEST_CARDS.declined);
    await call(paymentRoute.GET, { token, params: { id: declined.id } });
    const paid = (await startPayment(token, id, 'k2')).json!.data;
    await payOnTestGateway(gatewayId(paid.redirect_url), TEST_CARDS.success);
    await call(paymentRoute.GET, { token, params: { id: paid.id } });
    expect((await list()).money?.state).toBe('paid');
    const details = (await call(oneRoute.GET, { token, params: { id } })).json!.data;
    expect(details.money?.state).toBe('paid');
    expect(details.payments.map((p: { status: string }) => p.status)).toEqual(['failed', 'paid']);
    expect(details.payments[1]).toMatchObject({ card_last4: '1111', amount_minor: details.fee_minor });
  });
});

describe('amounts', () => {
  it('money that does not match the fee is never taken as paid: it is owed back', async () => {
    const { settle } = await import('@/lib/server/payments/payments');
    const { token, id, fee } = await awaitingPayment();
    const payment = (await startPayment(token, id)).json!.data;
    const base = { id: 'x', failureReason: null, cardLast4: '1111' } as const;
    const short = await settle(payment.id, { ...base, status: 'paid', amountMinor: fee - 100, currency: 'SAR' });
    // What the gateway took is what goes back (refundDue gives it back; payment-integrity.test.ts follows it there).
    expect(short).toMatchObject({ status: 'refunding', refundReason: 'amount_mismatch', amountMinor: fee - 100 });
    expect(await requestStatus(token, id)).toBe('pending_payment');
    const retry = (await startPayment(token, id, 'after-mismatch')).json!.data;
    const otherCurrency = await settle(retry.id, { ...base, status: 'paid', amountMinor: fee, currency: 'USD' });
    expect(otherCurrency).toMatchObject({ status: 'refunding', refundReason: 'amount_mismatch', currency: 'USD' });
    expect(await requestStatus(token, id)).toBe('pending_payment');
  });

  it('the fee is the fee per pilgrim times the pilgrims, in minor units', async () => {
    const { fee } = await awaitingPayment();
    const types = (await call((await import('../request-types/route')).GET)).json!.data;
    expect(fee).toBe(types.find((t: { id: string }) => t.id === 'hajj').fee_minor * 2);
    expect(Number.isInteger(fee)).toBe(true);
  });
});

describe('two presses at once (issue 59, item 8)', () => {
  it('the later press waits for the checkout the first is opening and answers its address, not an empty one', async () => {
    const { token, id, fee } = await awaitingPayment();
    const [user] = await queryRows<{ user_id: string }>(sql`select user_id from requests where id = ${id}`);
    // The first press, between its row and the gateway's answer.
    const [opening] = await queryRows<{ id: string }>(
      sql`insert into payments (request_id, user_id, provider, amount_minor, currency, part) values (${id}, ${user!.user_id}, 'test', ${fee}, 'SAR', 'full') returning id`,
    );
    const second = startPayment(token, id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await queryRows(sql`update payments set status = 'pending', provider_payment_id = 'tg_later', redirect_url = 'http://localhost:3000/test-gateway/tg_later' where id = ${opening!.id}`);
    const { status, json } = await second;
    expect(status).toBe(201);
    expect(json!.data).toMatchObject({ id: opening!.id, status: 'pending', redirect_url: 'http://localhost:3000/test-gateway/tg_later' });
  });
});
