import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { notificationsOf } from '@/test/notifications';
import { submittedRequest } from '@/test/requests';
import { getDb, queryRows } from '@/lib/server/db/client';
import { payOnTestGateway, signBody, SIGNATURE_HEADER, TEST_CARDS, testGateway } from '@/lib/server/payments/test-gateway';
import { reconcilePayments } from '@/lib/server/payments/payments';
import { applyPaymentDeadlines } from '@/lib/server/payments/deadlines';
import * as oneRoute from '../requests/[id]/route';
import * as startRoute from '../requests/[id]/payments/route';
import * as paymentRoute from './[id]/route';
import * as webhookRoute from '../webhooks/payments/[provider]/route';

// Places that never oversell, item 3: the checkout only authorises; the portal
// captures while the request still holds its places, and voids otherwise
// (docs/PLACES.md, "Authorise, then capture"). Each path that hears of a
// payment applies the rule: the return to check-payment, the webhook, reconciliation.

withTestDatabase();

async function awaitingPayment() {
  const { token } = await newUser();
  const { id, fee, reference } = await submittedRequest(token);
  const checkout = (await call(startRoute.POST, { token, params: { id }, body: {}, locale: 'en' })).json!.data as { id: string; redirect_url: string };
  return { token, id, fee, reference, checkout, gatewayId: checkout.redirect_url.split('/').pop()! };
}

const details = async (token: string, id: string) => (await call(oneRoute.GET, { token, params: { id } })).json!.data;
const checkPayment = async (token: string, paymentId: string) => (await call(paymentRoute.GET, { token, params: { id: paymentId } })).json!.data;
const ledgerStatus = async (gatewayId: string) =>
  (await queryRows<{ status: string }>(sql`select status from test_gateway_payments where id = ${gatewayId}`))[0]!.status;
const holdOf = async (id: string) => (await queryRows<{ held_until: string | null }>(sql`select held_until from place_holds where request_id = ${id}`))[0];
const paymentRow = async (id: string) =>
  (await queryRows<{ status: string; failure_reason: string | null; refund_reason: string | null }>(
    sql`select status, failure_reason, refund_reason from payments where id = ${id}`,
  ))[0]!;

/** The pay-by time passes (the hold's and the request's deadline alike); the deadlines sweep has not run yet. */
async function holdEnds(id: string) {
  const db = await getDb();
  await db.execute(sql`update place_holds set held_until = now() - interval '1 minute' where request_id = ${id}`);
  await db.execute(sql`update requests set submitted_at = now() - interval '80 hours' where id = ${id}`);
}

/** Webhooks are lost in these tests (nothing listens at APP_URL); this one is delivered. */
async function webhook(gatewayId: string) {
  const body = JSON.stringify({ type: 'payment.authorized', data: { id: gatewayId } });
  const request = new Request('http://portal.test/api/v1/webhooks/payments/test', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: await signBody(body) },
    body,
  });
  return webhookRoute.POST(request, { params: Promise.resolve({ provider: 'test' }) });
}

const aged = async (paymentId: string) => (await getDb()).execute(sql`update payments set updated_at = now() - interval '5 minutes' where id = ${paymentId}`);

describe('the test checkout authorises; the portal captures', () => {
  it('a card accepted at the checkout is only authorised: nothing is taken until the portal captures', async () => {
    const { token, id, checkout, gatewayId } = await awaitingPayment();
    expect((await payOnTestGateway(gatewayId, TEST_CARDS.success)).outcome.kind).toBe('paid');
    expect(await ledgerStatus(gatewayId)).toBe('authorized');
    expect((await paymentRow(checkout.id)).status).toBe('pending');
    expect((await details(token, id)).status).toBe('pending_payment');
  });
});

describe('captured while the hold lasts', () => {
  it('check-payment: captured, the request sent to the office, its places kept for good', async () => {
    const { token, id, checkout, gatewayId } = await awaitingPayment();
    expect((await holdOf(id))?.held_until).not.toBeNull();
    await payOnTestGateway(gatewayId, TEST_CARDS.success);
    expect(await checkPayment(token, checkout.id)).toMatchObject({ status: 'paid', card_last4: '1111' });
    expect(await ledgerStatus(gatewayId)).toBe('paid');
    expect((await details(token, id)).status).toBe('submitted');
    expect((await holdOf(id))?.held_until).toBeNull();
    // Asked again: captured once, one move.
    await checkPayment(token, checkout.id);
    expect(((await details(token, id)).history as { to: string }[]).map((h) => h.to)).toEqual(['pending_payment', 'submitted']);
  });

  it('the webhook captures', async () => {
    const { token, id, gatewayId } = await awaitingPayment();
    await payOnTestGateway(gatewayId, TEST_CARDS.success);
    expect((await webhook(gatewayId)).status).toBe(204);
    expect(await ledgerStatus(gatewayId)).toBe('paid');
    expect((await details(token, id)).status).toBe('submitted');
  });

  it('reconciliation captures an authorisation whose webhook and return were lost', async () => {
    const { token, id, checkout, gatewayId } = await awaitingPayment();
    await payOnTestGateway(gatewayId, TEST_CARDS.success);
    await aged(checkout.id);
    await reconcilePayments();
    expect(await ledgerStatus(gatewayId)).toBe('paid');
    expect((await details(token, id)).status).toBe('submitted');
  });
});

describe('authorised before the pay-by time, heard of after it', () => {
  it('the deadlines sweep captures it (the places were still held), and the request is not expired', async () => {
    const { token, id, checkout, gatewayId } = await awaitingPayment();
    await payOnTestGateway(gatewayId, TEST_CARDS.success);
    const db = await getDb();
    // Authorised ten minutes ago, five minutes before the hold ended; the webhook was lost.
    await db.execute(sql`update test_gateway_payments set updated_at = now() - interval '10 minutes' where id = ${gatewayId}`);
    await db.execute(sql`update place_holds set held_until = now() - interval '5 minutes' where request_id = ${id}`);
    await db.execute(sql`update requests set submitted_at = now() - interval '80 hours' where id = ${id}`);
    await applyPaymentDeadlines();
    expect(await ledgerStatus(gatewayId)).toBe('paid');
    expect((await paymentRow(checkout.id)).status).toBe('paid');
    expect((await details(token, id)).status).toBe('submitted');
  });
});

describe('authorised after the hold ended: voided, never kept', () => {
  it('check-payment: voided at the gateway, the request not paid, the pilgrim told why in both languages', async () => {
    const { token, id, checkout, gatewayId, reference } = await awaitingPayment();
    await payOnTestGateway(gatewayId, TEST_CARDS.success);
    await holdEnds(id);
    expect(await checkPayment(token, checkout.id)).toMatchObject({ status: 'voided', failure_reason: 'hold_ended' });
    expect(await ledgerStatus(gatewayId)).toBe('voided');
    expect((await details(token, id)).money?.state).not.toBe('paid');
    // The sweep then expires it, as any request unpaid by its pay-by time.
    await applyPaymentDeadlines();
    expect((await details(token, id)).status).toBe('expired');
    expect(await paymentRow(checkout.id)).toMatchObject({ status: 'voided', refund_reason: null });
    // Confirmed closed at the gateway, still shown with its reason.
    expect((await checkPayment(token, checkout.id)).failure_reason).toBe('hold_ended');

    const en = (await notificationsOf(token)).items.filter((n) => n.type === 'payment_voided');
    expect(en).toHaveLength(1);
    expect(en[0]!.title).toBe(`Nothing was taken for ${reference}`);
    expect(en[0]!.body).toContain('The hold on your places ended before the payment of SAR');
    expect(en[0]!.body).toContain('so nothing was taken');
    const ar = (await notificationsOf(token, 'ar')).items.find((n) => n.type === 'payment_voided')!;
    expect(ar.body).toContain('انتهى حجز أماكنك قبل وصول دفعة');
    expect(ar.body).toContain('فلم يُخصم أي مبلغ');
    // Arabic-Indic digits in the amount.
    expect(ar.body).toMatch(/[٠-٩]/);
    expect(ar.body).not.toMatch(/[0-9]/);
  });

  it('the webhook voids', async () => {
    const { token, id, checkout, gatewayId } = await awaitingPayment();
    await payOnTestGateway(gatewayId, TEST_CARDS.success);
    await holdEnds(id);
    expect((await webhook(gatewayId)).status).toBe(204);
    expect(await checkPayment(token, checkout.id)).toMatchObject({ status: 'voided', failure_reason: 'hold_ended' });
    expect(await ledgerStatus(gatewayId)).toBe('voided');
    expect((await details(token, id)).status).toBe('pending_payment');
  });

  it('reconciliation voids an authorisation the gateway gave a request already expired', async () => {
    const { token, id, checkout, gatewayId } = await awaitingPayment();
    await holdEnds(id);
    // The gateway could not be told at expiry: our payment is voided, still watched.
    const voidPayment = vi.spyOn(testGateway, 'voidPayment').mockRejectedValueOnce(new Error('gateway down'));
    try {
      await applyPaymentDeadlines();
    } finally {
      voidPayment.mockRestore();
    }
    expect((await details(token, id)).status).toBe('expired');
    expect(await holdOf(id)).toBeUndefined();
    expect(await paymentRow(checkout.id)).toMatchObject({ status: 'voided', failure_reason: 'voided' });
    // Meanwhile the payer's page, still open, authorised.
    await (await getDb()).execute(sql`update test_gateway_payments set status = 'authorized', card_last4 = '1111' where id = ${gatewayId}`);
    await reconcilePayments();
    expect(await paymentRow(checkout.id)).toMatchObject({ status: 'voided', failure_reason: 'hold_ended_void_confirmed', refund_reason: null });
    expect(await ledgerStatus(gatewayId)).toBe('voided');
    expect((await checkPayment(token, checkout.id)).failure_reason).toBe('hold_ended');
    expect((await notificationsOf(token)).items.filter((n) => n.type === 'payment_voided')).toHaveLength(1);
    // Asked again: nothing more to do, nobody told twice.
    await reconcilePayments();
    expect((await notificationsOf(token)).items.filter((n) => n.type === 'payment_voided')).toHaveLength(1);
  });

  it('the deadlines sweep voids an authorisation that arrives past the pay-by time, then expires the request', async () => {
    const { token, id, checkout, gatewayId } = await awaitingPayment();
    await payOnTestGateway(gatewayId, TEST_CARDS.success);
    await holdEnds(id);
    await applyPaymentDeadlines();
    expect(await paymentRow(checkout.id)).toMatchObject({ status: 'voided' });
    expect(await ledgerStatus(gatewayId)).toBe('voided');
    expect((await details(token, id)).status).toBe('expired');
  });
});

describe('a capture that fails', () => {
  it('refused: the payment failed, the request still awaits payment and says so; another card then pays', async () => {
    const { token, id, checkout, gatewayId } = await awaitingPayment();
    await payOnTestGateway(gatewayId, TEST_CARDS.captureRefused);
    expect(await checkPayment(token, checkout.id)).toMatchObject({ status: 'failed', failure_reason: 'capture_failed' });
    expect((await details(token, id)).status).toBe('pending_payment');
    const failed = (await notificationsOf(token)).items.find((n) => n.type === 'payment_failed')!;
    expect(failed.body).toContain('the payment could not be completed, so nothing was taken');
    const ar = (await notificationsOf(token, 'ar')).items.find((n) => n.type === 'payment_failed')!;
    expect(ar.body).toContain('تعذّر إتمام الدفع');
    const retry = (await call(startRoute.POST, { token, params: { id }, body: {}, headers: { 'idempotency-key': 'retry' }, locale: 'en' })).json!.data;
    await payOnTestGateway(retry.redirect_url.split('/').pop()!, TEST_CARDS.success);
    expect((await checkPayment(token, retry.id)).status).toBe('paid');
    expect((await details(token, id)).status).toBe('submitted');
  });

  it('the gateway unreachable: nothing decided, the request still awaits payment; reconciliation captures later', async () => {
    const { token, id, checkout, gatewayId } = await awaitingPayment();
    await payOnTestGateway(gatewayId, TEST_CARDS.success);
    const capture = vi.spyOn(testGateway, 'capturePayment').mockRejectedValueOnce(new Error('gateway down'));
    try {
      expect((await checkPayment(token, checkout.id)).status).toBe('pending');
      expect((await details(token, id)).status).toBe('pending_payment');
    } finally {
      capture.mockRestore();
    }
    await aged(checkout.id);
    await reconcilePayments();
    expect((await details(token, id)).status).toBe('submitted');
  });
});
