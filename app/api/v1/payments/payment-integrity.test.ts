import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { upload } from '@/test/api-form';
import { newUser } from '@/test/accounts';
import { companion } from '@/test/answers';
import { pngFile } from '@/test/files';
import { notificationsOf } from '@/test/notifications';
import { documentRows, readyDraft, submittedRequest, uniquePassport } from '@/test/requests';
import { companionOn } from '@/test/payments';
import { getDb, queryRows } from '@/lib/server/db/client';
import { payOnTestGateway, TEST_CARDS, testGateway } from '@/lib/server/payments/test-gateway';
import { chooseGateway, gatewayRefusal, gatewayStartLine, testPaymentsOn } from '@/lib/server/payments/gateway-choice';
import { reconcilePayments, settle } from '@/lib/server/payments/payments';
import { applyPaymentDeadlines } from '@/lib/server/payments/deadlines';
import { officeMove } from '@/lib/server/requests/office-moves';
import * as oneRoute from '../requests/[id]/route';
import * as submitRoute from '../requests/[id]/submit/route';
import * as cancelRoute from '../requests/[id]/cancel/route';
import * as reopenRoute from '../requests/[id]/reopen/route';
import * as documentsRoute from '../requests/[id]/documents/route';
import * as documentRoute from '../requests/[id]/documents/[docId]/route';
import * as startRoute from '../requests/[id]/payments/route';
import * as paymentRoute from './[id]/route';
import * as testPayRoute from '@/app/api/test-gateway/[id]/pay/route';

// Issue 15, items 1, 2, 3, 11 and 15: the fee cannot be bypassed, money is never kept
// for a request that no longer awaits it, URLs come from the configured origin only,
// idempotency keys are per request, and the test gateway stays out of production.

withTestDatabase();

afterEach(() => {
  vi.unstubAllEnvs();
});

async function awaitingPayment() {
  const { token } = await newUser();
  const { id, fee, reference } = await submittedRequest(token);
  return { token, id, fee, reference };
}

const startPayment = (token: string, id: string, key?: string, headers: Record<string, string> = {}) =>
  call(startRoute.POST, { token, params: { id }, body: {}, headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, locale: 'en' });
const details = async (token: string, id: string) => (await call(oneRoute.GET, { token, params: { id } })).json!.data;
const gatewayId = (redirectUrl: string) => redirectUrl.split('/').pop()!;
const paymentRow = async (id: string) =>
  (await queryRows<{ status: string; refund_reason: string | null; refunded_at: string | null; failure_reason: string | null }>(
    sql`select status, refund_reason, refunded_at, failure_reason from payments where id = ${id}`,
  ))[0]!;
const ledgerStatus = async (redirectUrl: string) =>
  (await queryRows<{ status: string }>(sql`select status from test_gateway_payments where id = ${gatewayId(redirectUrl)}`))[0]!.status;

/** A pilgrim's passport and photo rows, as an upload leaves them (uploads are tested in documents.test.ts). */
async function documentsOf(id: string, pilgrim: string) {
  await documentRows(id, [pilgrim]);
}

/** Pays at the gateway with the webhook lost (the app hears of it only when it asks). */
async function payQuietly(redirectUrl: string) {
  await (await getDb()).execute(sql`update test_gateway_payments set status = 'paid', card_last4 = '1111' where id = ${gatewayId(redirectUrl)}`);
}

describe('the fee cannot be bypassed (item 1)', () => {
  it('answers and documents cannot change while the fee awaits payment: 409 wrong_state', async () => {
    const { token, id } = await awaitingPayment();
    const request = await details(token, id);
    const companions = Array.from({ length: 13 }, () => companion({ passport_number: uniquePassport('C') }));
    const patch = await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step: 'companions', data: companions, version: request.version } });
    expect(patch.status).toBe(409);
    expect(patch.json!.error.code).toBe('conflict');
    const completing = await call(oneRoute.PATCH, {
      method: 'PATCH',
      token,
      params: { id },
      body: { step: 'companions', data: companions, version: request.version, complete: true },
    });
    expect(completing.status).toBe(409);
    const uploaded = await upload(documentsRoute.POST, { pilgrim: 'applicant', kind: 'photo', file: pngFile() }, { token, params: { id } });
    expect(uploaded.status).toBe(409);
    const doc = request.documents[0];
    const removed = await call(documentRoute.DELETE, { method: 'DELETE', token, params: { id, docId: doc.id } });
    expect(removed.status).toBe(409);
    const after = await details(token, id);
    expect(after.pilgrims).toBe(2);
    expect(after.data.companions).toHaveLength(1);
    expect(after.documents).toHaveLength(request.documents.length);
  });

  it('"change the answers" withdraws it from payment: the checkout is voided, and sending again computes the fee again', async () => {
    const { token, id, fee, reference } = await awaitingPayment();
    const checkout = (await startPayment(token, id)).json!.data;

    const reopened = await call(reopenRoute.POST, { token, params: { id }, body: {} });
    expect(reopened.status).toBe(200);
    expect(reopened.json!.data).toMatchObject({ status: 'draft', reference, fee_minor: null });
    expect((await paymentRow(checkout.id)).status).toBe('voided');
    expect(await ledgerStatus(checkout.redirect_url)).toBe('voided');
    // The old checkout page can no longer take money.
    const late = await payOnTestGateway(gatewayId(checkout.redirect_url), TEST_CARDS.success);
    expect(late.outcome.kind).toBe('voided');

    // Now editable: a third pilgrim is added, with documents.
    const draft = await details(token, id);
    const saved = await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step: 'companions', data: [...draft.data.companions, companion({ passport_number: uniquePassport('C') })], version: draft.version, complete: true } });
    expect(saved.status).toBe(200);
    await documentsOf(id, 'companion-1');
    const sent = await call(submitRoute.POST, { token, params: { id }, body: {} });
    expect(sent.status).toBe(200);
    expect(sent.json!.data).toMatchObject({ status: 'pending_payment', reference, pilgrims: 3, fee_minor: (fee / 2) * 3 });

    // A checkout is for the new fee; paying it sends the request to the office.
    const fresh = (await startPayment(token, id)).json!.data;
    expect(fresh.id).not.toBe(checkout.id);
    expect(fresh.amount_minor).toBe((fee / 2) * 3);
    await payOnTestGateway(gatewayId(fresh.redirect_url), TEST_CARDS.success);
    expect((await call(paymentRoute.GET, { token, params: { id: fresh.id } })).json!.data.status).toBe('paid');
    expect((await details(token, id)).status).toBe('submitted');
  });

  it('a payment whose amount differs from the fee at that moment is not taken as the fee', async () => {
    const { token, id, fee } = await awaitingPayment();
    const checkout = (await startPayment(token, id)).json!.data;
    // The fee changed after the checkout was opened (a request sent again with more pilgrims).
    await (await getDb()).execute(sql`update requests set fee_minor = ${fee * 7} where id = ${id}`);
    await payOnTestGateway(gatewayId(checkout.redirect_url), TEST_CARDS.success);
    await call(paymentRoute.GET, { token, params: { id: checkout.id } });
    // Authorised, not captured: released at the gateway rather than taken and given back.
    expect(await paymentRow(checkout.id)).toMatchObject({ status: 'failed', failure_reason: 'amount_mismatch', refund_reason: null });
    expect(await ledgerStatus(checkout.redirect_url)).toBe('voided');
    const request = await details(token, id);
    expect(request.status).toBe('pending_payment');
    expect(request.money?.state).toBe('unpaid');
  });

  it('a paid request sent again after changes must keep the pilgrims its fee covers', async () => {
    const { token, id } = await awaitingPayment();
    const checkout = (await startPayment(token, id)).json!.data;
    await payOnTestGateway(gatewayId(checkout.redirect_url), TEST_CARDS.success);
    await call(paymentRoute.GET, { token, params: { id: checkout.id } });
    await officeMove(id, 'under_review', null);
    await officeMove(id, 'changes_requested', 'Please check the passport numbers');
    const request = await details(token, id);
    const more = await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step: 'companions', data: [...request.data.companions, companion({ passport_number: uniquePassport('C') })], version: request.version, complete: true } });
    expect(more.status).toBe(200);
    await documentsOf(id, 'companion-1');
    const refused = await call(submitRoute.POST, { token, params: { id }, body: {}, locale: 'en' });
    expect(refused.status).toBe(422);
    expect(refused.json!.error.fields.companions[0]).toContain('covers 2 pilgrims');
    const arabic = await call(submitRoute.POST, { token, params: { id }, body: {}, locale: 'ar' });
    expect(arabic.json!.error.fields.companions[0]).toContain('الرسوم التي دفعتها');

    const back = await details(token, id);
    await call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step: 'companions', data: [back.data.companions[0]], version: back.version, complete: true } });
    const sent = await call(submitRoute.POST, { token, params: { id }, body: {} });
    expect(sent.status).toBe(200);
    expect(sent.json!.data.status).toBe('submitted');
  });
});

describe('money is never kept for a request that no longer awaits it (item 2)', () => {
  it('cancelling voids the open checkout: it can no longer be paid', async () => {
    const { token, id } = await awaitingPayment();
    const checkout = (await startPayment(token, id)).json!.data;
    expect((await call(cancelRoute.POST, { token, params: { id }, body: {} })).json!.data.status).toBe('cancelled');
    expect((await paymentRow(checkout.id)).status).toBe('voided');
    expect((await payOnTestGateway(gatewayId(checkout.redirect_url), TEST_CARDS.success)).outcome.kind).toBe('voided');
    expect(await ledgerStatus(checkout.redirect_url)).toBe('voided');
  });

  it('money that arrives for a cancelled request is refunded at once, and the user is told', async () => {
    const { token, id, fee, reference } = await awaitingPayment();
    const checkout = (await startPayment(token, id)).json!.data;
    // The payer finished on the gateway a moment before cancelling; its webhook was lost.
    await payQuietly(checkout.redirect_url);
    await call(cancelRoute.POST, { token, params: { id }, body: {} });
    expect(await paymentRow(checkout.id)).toMatchObject({ status: 'refunded', refund_reason: 'not_awaiting_payment' });
    expect(await ledgerStatus(checkout.redirect_url)).toBe('refunded');
    const request = await details(token, id);
    expect(request.status).toBe('cancelled');
    expect(request.money?.state).toBe('refunded');
    const { items } = await notificationsOf(token);
    const refund = items.find((n) => n.type === 'payment_refunded');
    expect(refund?.title).toMatch(new RegExp(`^Refund of SAR\\s${(fee / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} for ${reference}$`));
  });

  it('a voided checkout that the gateway still charges (a gateway that cannot void) is refunded when heard of', async () => {
    const { token, id } = await awaitingPayment();
    const checkout = (await startPayment(token, id)).json!.data;
    const voidPayment = testGateway.voidPayment;
    // As Moyasar: no call to void a checkout.
    (testGateway as { voidPayment?: unknown }).voidPayment = undefined;
    try {
      await call(cancelRoute.POST, { token, params: { id }, body: {} });
    } finally {
      (testGateway as { voidPayment?: unknown }).voidPayment = voidPayment;
    }
    expect(await paymentRow(checkout.id)).toMatchObject({ status: 'voided', failure_reason: 'voided' });
    await payQuietly(checkout.redirect_url);
    await (await getDb()).execute(sql`update payments set updated_at = now() - interval '5 minutes' where id = ${checkout.id}`);
    await reconcilePayments();
    expect(await paymentRow(checkout.id)).toMatchObject({ status: 'refunded', refund_reason: 'not_awaiting_payment' });
  });

  it('a user who cancels a paid request before review gets a refund, recorded and notified', async () => {
    const { token, id } = await awaitingPayment();
    const checkout = (await startPayment(token, id)).json!.data;
    await payOnTestGateway(gatewayId(checkout.redirect_url), TEST_CARDS.success);
    await call(paymentRoute.GET, { token, params: { id: checkout.id } });
    expect((await details(token, id)).status).toBe('submitted');
    await call(cancelRoute.POST, { token, params: { id }, body: {} });
    const row = await paymentRow(checkout.id);
    expect(row).toMatchObject({ status: 'refunded', refund_reason: 'cancelled' });
    expect(row.refunded_at).not.toBeNull();
    expect(await ledgerStatus(checkout.redirect_url)).toBe('refunded');
    expect((await details(token, id)).money?.state).toBe('refunded');
    const { items } = await notificationsOf(token, 'ar');
    expect(items.find((n) => n.type === 'payment_refunded')?.body).toContain('أُلغي طلبك');
  });

  it('a refund the gateway refuses stays owed and is retried until it goes through', async () => {
    const { token, id } = await awaitingPayment();
    const checkout = (await startPayment(token, id)).json!.data;
    await payOnTestGateway(gatewayId(checkout.redirect_url), TEST_CARDS.success);
    await call(paymentRoute.GET, { token, params: { id: checkout.id } });
    const refund = vi.spyOn(testGateway, 'refundPayment').mockRejectedValueOnce(new Error('gateway down'));
    await call(cancelRoute.POST, { token, params: { id }, body: {} });
    expect((await paymentRow(checkout.id)).status).toBe('refunding');
    expect((await details(token, id)).money?.state).toBe('refunding');
    await reconcilePayments();
    expect((await paymentRow(checkout.id)).status).toBe('refunded');
    refund.mockRestore();
  });

  it('an open checkout older than the deadline no longer keeps the request from expiring', async () => {
    const { token, id } = await awaitingPayment();
    const checkout = (await startPayment(token, id)).json!.data;
    await (await getDb()).execute(sql`update requests set submitted_at = now() - interval '80 hours' where id = ${id}`);
    await applyPaymentDeadlines();
    expect((await details(token, id)).status).toBe('expired');
    expect((await paymentRow(checkout.id)).status).toBe('voided');
    expect((await payOnTestGateway(gatewayId(checkout.redirect_url), TEST_CARDS.success)).outcome.kind).toBe('voided');
  });

  it('settling a voided payment as paid never moves the request', async () => {
    const { token, id, fee } = await awaitingPayment();
    const checkout = (await startPayment(token, id)).json!.data;
    await call(reopenRoute.POST, { token, params: { id }, body: {} });
    const settled = await settle(checkout.id, { id: 'x', status: 'paid', amountMinor: fee, currency: 'SAR', failureReason: null, cardLast4: '1111' });
    expect(settled.status).toBe('refunding');
    expect((await details(token, id)).status).toBe('draft');
  });
});

describe('absolute URLs come from the configured origin only (item 3)', () => {
  it('forwarded headers cannot choose where the gateway returns or posts', async () => {
    const { token, id } = await awaitingPayment();
    const { json } = await startPayment(token, id, undefined, { 'x-forwarded-host': 'evil.example:8443', 'x-forwarded-proto': 'https', host: 'evil.example' });
    expect(json!.data.redirect_url.startsWith('http://localhost:3000/test-gateway/')).toBe(true);
    const ledger = (await queryRows<{ return_url: string; callback_url: string }>(
      sql`select return_url, callback_url from test_gateway_payments where id = ${gatewayId(json!.data.redirect_url)}`,
    ))[0]!;
    expect(ledger.return_url).toBe(`http://localhost:3000/en/check-payment?payment_id=${json!.data.id}`);
    expect(ledger.callback_url).toBe('http://localhost:3000/api/v1/webhooks/payments/test');
  });

  it('APP_URL is the origin when set', async () => {
    vi.stubEnv('APP_URL', 'https://portal.example.org');
    // A site others reach takes test payments only when asked to (issue 37, item 1).
    vi.stubEnv('PAYMENT_GATEWAY', 'test');
    const { token, id } = await awaitingPayment();
    const { json } = await startPayment(token, id, undefined, { 'x-forwarded-host': 'evil.example' });
    expect(json!.data.redirect_url.startsWith('https://portal.example.org/test-gateway/')).toBe(true);
  });

  it('the test gateway refuses return and callback URLs outside that origin', async () => {
    const input = { paymentId: 'p', amountMinor: 100, currency: 'SAR', description: 'x' };
    const good = 'http://localhost:3000/api/v1/webhooks/payments/test';
    for (const bad of ['http://evil.example/x', 'http://localhost:3001/x', 'https://localhost:3000/x', 'http://localhost:3000@evil.example/x', 'not a url']) {
      await expect(testGateway.createPayment({ ...input, returnUrl: bad, callbackUrl: good })).rejects.toMatchObject({ code: 'bad_request' });
      await expect(testGateway.createPayment({ ...input, returnUrl: good, callbackUrl: bad })).rejects.toMatchObject({ code: 'bad_request' });
    }
  });
});

describe('idempotency keys are per request (item 11)', () => {
  it('a key reused on another request starts that request\'s own payment', async () => {
    const payer = await newUser();
    const { token } = payer;
    const first = await submittedRequest(token);
    // The second request is another account's, on which the payer is a companion who took up the invitation: one
    // account holds one unpaid request per service (issue 58, item 2), and the payer still reuses one key on two requests.
    const organiser = await newUser('Organiser Keys');
    const secondId = await readyDraft(organiser.token);
    await companionOn(organiser.token, secondId, payer);
    expect((await call(submitRoute.POST, { token: organiser.token, params: { id: secondId }, body: {} })).status).toBe(200);
    const second = { id: secondId };
    const a = (await startPayment(token, first.id, 'same-key')).json!.data;
    const b = await startPayment(token, second.id, 'same-key');
    expect(b.status).toBe(201);
    expect(b.json!.data.request_id).toBe(second.id);
    expect(b.json!.data.id).not.toBe(a.id);
    expect((await startPayment(token, first.id, 'same-key')).json!.data.id).toBe(a.id);
  });
});

describe('the test gateway fails closed (item 15; issue 37, item 1)', () => {
  const site = { APP_URL: 'https://pilgrims.example.org' };
  const moyasar = { MOYASAR_SECRET_KEY: 'sk', MOYASAR_PUBLISHABLE_KEY: 'pk', MOYASAR_WEBHOOK_SECRET: 'wh' };

  it('is chosen only when asked for, or on a loopback site', () => {
    for (const appUrl of [undefined, 'http://localhost:3000', 'http://127.0.0.1:8080', 'http://portal.localhost', 'http://[::1]:3000']) {
      expect(chooseGateway({ NODE_ENV: 'production', APP_URL: appUrl })).toEqual({ name: 'test' });
    }
    // A site others reach gets no test gateway, whatever NODE_ENV says: no keys, no payments.
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(chooseGateway({ NODE_ENV, ...site })).toEqual({ name: null, missing: ['MOYASAR_SECRET_KEY', 'MOYASAR_PUBLISHABLE_KEY', 'MOYASAR_WEBHOOK_SECRET'] });
    }
    expect(chooseGateway({ NODE_ENV: 'production', APP_URL: 'https://localhost.example.org' })).toMatchObject({ name: null });
    expect(chooseGateway({ NODE_ENV: 'production', APP_URL: 'http://127.0.0.1.example.org' })).toMatchObject({ name: null });
    expect(chooseGateway({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'test', ...site })).toEqual({ name: 'test' });
    expect(chooseGateway({ NODE_ENV: 'production', ...site, ...moyasar })).toEqual({ name: 'moyasar' });
    // A mistyped or missing key is never quietly replaced by the test gateway, even on localhost.
    expect(chooseGateway({ NODE_ENV: 'production', MOYASAR_SECRET_KEY: 'sk' })).toEqual({ name: null, missing: ['MOYASAR_PUBLISHABLE_KEY', 'MOYASAR_WEBHOOK_SECRET'] });
    expect(chooseGateway({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'moyasar', MOYASAR_SECRET_KEY: 'sk' })).toEqual({
      name: null,
      missing: ['MOYASAR_PUBLISHABLE_KEY', 'MOYASAR_WEBHOOK_SECRET'],
    });
  });

  it('a server with no gateway refuses to start, naming the settings; the test gateway away from localhost is one warning line', () => {
    expect(gatewayRefusal({ NODE_ENV: 'production', ...site })).toBe(
      'Payments: no gateway can take payments on https://pilgrims.example.org. Set MOYASAR_SECRET_KEY, MOYASAR_PUBLISHABLE_KEY, MOYASAR_WEBHOOK_SECRET for Moyasar, or PAYMENT_GATEWAY=test to take test payments (no money is taken) on purpose.',
    );
    expect(gatewayRefusal({ NODE_ENV: 'production' })).toBeNull();
    expect(gatewayRefusal({ NODE_ENV: 'production', ...site, ...moyasar })).toBeNull();
    expect(gatewayStartLine({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'test', ...site })).toMatchObject({ level: 'warn', message: expect.stringContaining('TEST gateway') });
    // The embedded default says so too, as information (issue 58, item 9; lib/server/payments/gateway-choice.test.ts).
    expect(gatewayStartLine({ NODE_ENV: 'production' })).toMatchObject({ level: 'info', message: expect.stringContaining('Test payments: no money is taken') });
    expect(testPaymentsOn({ NODE_ENV: 'production' })).toBe(true);
    expect(testPaymentsOn({ NODE_ENV: 'production', ...moyasar })).toBe(false);
  });

  it('without keys on a site others reach, starting a payment answers 503 and the test checkout is gone', async () => {
    const { token, id } = await awaitingPayment();
    const open = (await startPayment(token, id)).json!.data;
    vi.stubEnv('APP_URL', 'https://pilgrims.example.org');
    const { token: other } = await newUser();
    const second = await submittedRequest(other);
    const refused = await startPayment(other, second.id);
    expect(refused.status).toBe(503);
    expect(refused.json!.error).toMatchObject({ code: 'service_unavailable', message: 'Payments cannot be taken on this site at the moment. Please try again later, or contact the office.' });
    const pay = await call(testPayRoute.POST, { params: { id: gatewayId(open.redirect_url) }, body: { card_number: TEST_CARDS.success } });
    expect(pay.status).toBe(404);
    expect(await ledgerStatus(open.redirect_url)).toBe('initiated');

    vi.stubEnv('PAYMENT_GATEWAY', 'test');
    expect((await startPayment(other, second.id)).status).toBe(201);
  });
});
