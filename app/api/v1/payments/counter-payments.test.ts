import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { notificationsOf } from '@/test/notifications';
import { submittedRequest } from '@/test/requests';
import { cancelWithRefund, consoleCall, invitedStaff, paidRequest, signedInStaff, TEST_OPS_KEY, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/unique-violation';
import { requestFormats } from '@/lib/i18n/formats';
import * as requestRoute from '@/app/api/v1/requests/[id]/route';
import * as startRoute from '@/app/api/v1/requests/[id]/payments/route';
import * as opsPaymentRoute from '@/app/api/v1/ops/requests/[id]/payments/route';
import * as opsStatusRoute from '@/app/api/v1/ops/requests/[id]/status/route';
import * as officePaymentRoute from '@/app/api/v1/office/requests/[id]/payments/route';
import * as officeViewRoute from '@/app/api/v1/office/requests/[id]/route';
import * as officeReviewRoute from '@/app/api/v1/office/requests/[id]/review/route';

withTestDatabase();

beforeEach(() => useOpsKey());
afterEach(() => useOpsKey(undefined));

let receipts = 0;
// Receipt numbers are kept in upper case (normalReceiptNumber): these are already.
const receipt = () => `CTR-${Date.now().toString(36).toUpperCase()}-${(receipts += 1)}`;

function opsPay(idOrReference: string, body: Record<string, unknown>, locale: 'en' | 'ar' = 'en') {
  return call(opsPaymentRoute.POST, { params: { id: idOrReference }, body, headers: { 'x-ops-key': TEST_OPS_KEY }, locale });
}

async function pilgrimView(token: string, id: string) {
  return (await call(requestRoute.GET, { token, params: { id } })).json!.data;
}

async function auditRowsOf(requestId: string, action: string) {
  return queryRows<{ actor_kind: string; staff_id: string | null; details: Record<string, unknown> }>(
    sql`select actor_kind, staff_id, details from audit_log where target_id = ${requestId} and action = ${action} order by id`,
  );
}

// DESIGN section 9 and the security issue's item 7: money received at the counter is a payment
// row (provider `counter`, amount, receipt number, who); the move to `submitted` follows from it.
describe('payments received at the office counter', () => {
  it('the ops key records one with amount, receipt number and who: paid, submitted, the pilgrim told, audited', async () => {
    const finance = await invitedStaff('finance', 'Faisal Finance');
    const { token } = await newUser();
    const { id, reference, fee } = await submittedRequest(token);
    const number = receipt();

    const recorded = await opsPay(reference, { amount_minor: fee, receipt_number: number, received_by: finance.email.toUpperCase() });
    expect(recorded.status).toBe(201);
    expect(recorded.json!.data.payment).toMatchObject({ provider: 'counter', status: 'paid', amount_minor: fee, currency: 'SAR', receipt_number: number, recorded_by: { id: finance.id, name: 'Faisal Finance' } });
    expect(recorded.json!.data.request).toMatchObject({ id, status: 'submitted', money: expect.objectContaining({ state: 'paid' }) });

    // The pilgrim sees it paid, at the counter, with the receipt number; the move is the portal's, after the payment.
    const view = await pilgrimView(token, id);
    expect(view).toMatchObject({ status: 'submitted', money: expect.objectContaining({ state: 'paid' }) });
    expect(view.payments).toEqual([expect.objectContaining({ provider: 'counter', status: 'paid', receipt_number: number, amount_minor: fee })]);
    expect(view.history.map((h: { from: string | null; to: string; actor: string }) => [h.from, h.to, h.actor])).toEqual([['draft', 'pending_payment', 'user'], ['pending_payment', 'submitted', 'system']]);
    // Told as for a gateway payment.
    const { items } = await notificationsOf(token);
    expect(items.find((n) => n.type === 'payment_succeeded')).toMatchObject({ request_id: id, title: `Payment received for ${reference}` });

    const [row] = await auditRowsOf(id, 'payment.counter');
    expect(row).toMatchObject({ actor_kind: 'ops_key', staff_id: null, details: { amount_minor: fee, currency: 'SAR', receipt_number: number, received_by: finance.id, from: 'pending_payment', to: 'submitted' } });

    // A second payment for a paid request is refused.
    const again = await opsPay(id, { amount_minor: fee, receipt_number: receipt(), received_by: finance.email });
    expect(again.status).toBe(409);
    expect(again.json!.error.message).toBe('This request has already been paid.');
  });

  it('refuses (422, localized, nothing recorded) another amount than the fee, a missing or reused receipt number, and a receiver who is not finance or admin', async () => {
    const finance = await invitedStaff('finance');
    const reviewer = await invitedStaff('reviewer');
    const { token } = await newUser();
    const { id, fee } = await submittedRequest(token);
    const valid = { amount_minor: fee, receipt_number: receipt(), received_by: finance.email };

    const less = await opsPay(id, { ...valid, amount_minor: fee - 100 });
    expect(less.status).toBe(422);
    expect(less.json!.error.fields.amount_minor).toEqual([`The amount must be the request’s fee: ${requestFormats('en', 'Asia/Riyadh').money(fee, 'SAR')}.`]);
    const lessAr = await opsPay(id, { ...valid, amount_minor: fee + 1 }, 'ar');
    expect(lessAr.json!.error.fields.amount_minor).toEqual([`يجب أن يساوي المبلغ رسوم الطلب: ${requestFormats('ar', 'Asia/Riyadh').money(fee, 'SAR')}.`]);

    const noReceipt = await opsPay(id, { amount_minor: fee, received_by: finance.email });
    expect(noReceipt.status).toBe(422);
    expect(noReceipt.json!.error.fields.receipt_number).toEqual(['The Receipt number field is required']);
    const badReceipt = await opsPay(id, { ...valid, receipt_number: '<script>' });
    expect(badReceipt.json!.error.fields.receipt_number).toEqual(['Enter the receipt number as printed on the receipt: letters, digits and - / . _ only']);

    for (const receivedBy of [reviewer.email, 'nobody@office.example']) {
      const wrong = await opsPay(id, { ...valid, received_by: receivedBy });
      expect(wrong.status).toBe(422);
      expect(wrong.json!.error.fields.received_by).toEqual(['No active finance member or administrator of the office has this e-mail address.']);
    }
    const noReceiver = await opsPay(id, { amount_minor: fee, receipt_number: receipt() });
    expect(noReceiver.json!.error.fields.received_by).toEqual(['The Received by field is required']);

    // A receipt number already recorded (for another request) is not taken twice.
    // The other request from an account of its own: one account holds one unpaid request per service (issue 58, item 2).
    const other = await submittedRequest((await newUser('Counter Other')).token);
    expect((await opsPay(other.id, valid)).status).toBe(201);
    const reused = await opsPay(id, valid);
    expect(reused.status).toBe(422);
    expect(reused.json!.error.fields.receipt_number).toEqual(['This receipt number is already recorded for another payment. Check the number printed on the receipt.']);
    // …also written in Arabic-Indic digits.
    const arabicDigits = valid.receipt_number.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expect((await opsPay(id, { ...valid, receipt_number: arabicDigits })).status).toBe(422);

    const view = await pilgrimView(token, id);
    expect(view).toMatchObject({ status: 'pending_payment', money: expect.objectContaining({ state: 'unpaid' }), payments: [] });
    expect(await auditRowsOf(id, 'payment.counter')).toEqual([]);
  });

  // Issue 58, item 8: `ctr-pt-1` after `CTR-PT-1` was a second receipt, so the same paper receipt could pay two requests.
  it('a receipt number is one number whatever its case or spaces: kept upper case, refused again in any case, by the index too', async () => {
    const finance = await signedInStaff('finance', 'Case Finance');
    const number = receipt();
    const first = await submittedRequest((await newUser('Case First')).token);
    const recorded = await opsPay(first.id, { amount_minor: first.fee, receipt_number: number, received_by: finance.email });
    expect(recorded.status).toBe(201);
    for (const again of [number.toLowerCase(), ` ${number.slice(0, 4).toLowerCase()}${number.slice(4)} `]) {
      const other = await submittedRequest((await newUser('Case Again')).token);
      const byKey = await opsPay(other.id, { amount_minor: other.fee, receipt_number: again, received_by: finance.email });
      expect(byKey.status, again).toBe(422);
      expect(byKey.json!.error.fields.receipt_number).toEqual(['This receipt number is already recorded for another payment. Check the number printed on the receipt.']);
      const inConsole = await consoleCall(officePaymentRoute.POST, { method: 'POST', staffCookie: finance.cookie, params: { id: other.id }, body: { amount_minor: other.fee, receipt_number: again }, locale: 'ar' });
      expect(inConsole.status, again).toBe(422);
      expect(inConsole.json!.error.fields.receipt_number).toHaveLength(1);
      expect(await auditRowsOf(other.id, 'payment.counter')).toEqual([]);
    }

    // Typed in lower case, it is kept, answered, audited and refused again in its one form.
    const typed = `ctr-pt-${Date.now().toString(36)}`;
    const lower = await submittedRequest((await newUser('Case Lower')).token);
    const kept = await opsPay(lower.id, { amount_minor: lower.fee, receipt_number: typed, received_by: finance.email });
    expect(kept.status).toBe(201);
    expect(kept.json!.data.payment.receipt_number).toBe(typed.toUpperCase());
    expect((await auditRowsOf(lower.id, 'payment.counter'))[0]!.details.receipt_number).toBe(typed.toUpperCase());
    const upper = await submittedRequest((await newUser('Case Upper')).token);
    expect((await opsPay(upper.id, { amount_minor: upper.fee, receipt_number: typed.toUpperCase(), received_by: finance.email })).status).toBe(422);

    // The database itself refuses the same number in another case (the unique index is on its normal form).
    const [payment] = await queryRows<{ request_id: string; user_id: string; recorded_by_staff_id: string }>(sql`select request_id, user_id, recorded_by_staff_id from payments where receipt_number = ${number}`);
    const insert = queryRows(
      sql`insert into payments (request_id, user_id, provider, amount_minor, currency, status, receipt_number, recorded_by_staff_id, part) values (${payment!.request_id}, ${payment!.user_id}, 'counter', 1, 'SAR', 'failed', ${` ${number.toLowerCase()}`}, ${payment!.recorded_by_staff_id}, 'instalment-9')`,
    );
    const refused = await insert.then(() => null, (error: unknown) => error);
    expect(isUniqueViolation(refused)).toBe(true);
    const constraint = (error: unknown): unknown => (error && typeof error === 'object' ? ((error as { constraint?: string }).constraint ?? constraint((error as { cause?: unknown }).cause)) : undefined);
    expect(constraint(refused)).toBe('payments_counter_receipt_key');
  });

  it('a finance member records one in the console (a reviewer cannot); the history names them and their open checkout is voided', async () => {
    const finance = await signedInStaff('finance', 'Huda Finance');
    const reviewer = await signedInStaff('reviewer');
    const { token } = await newUser();
    const { id, fee } = await submittedRequest(token);
    // The pilgrim had opened a checkout at the gateway.
    const checkout = (await call(startRoute.POST, { token, params: { id }, body: {} })).json!.data;
    expect(checkout.status).toBe('pending');
    const number = receipt();
    const post = (cookie: string, body: unknown) => consoleCall(officePaymentRoute.POST, { method: 'POST', staffCookie: cookie, params: { id }, body, locale: 'en' });

    expect((await post(reviewer.cookie, { amount_minor: fee, receipt_number: number })).status).toBe(403);
    const recorded = await post(finance.cookie, { amount_minor: String(fee), receipt_number: number });
    expect(recorded.status).toBe(201);
    expect(recorded.json!.data.payment).toMatchObject({ provider: 'counter', receipt_number: number, recorded_by: { id: finance.id, name: 'Huda Finance' } });

    const office = (await consoleCall(officeViewRoute.GET, { staffCookie: finance.cookie, params: { id } })).json!.data;
    expect(office.status).toBe('submitted');
    expect(office.history.at(-1)).toMatchObject({ from: 'pending_payment', to: 'submitted', actor: 'system', staff_name: 'Huda Finance' });
    const counter = office.payments.find((p: { provider: string }) => p.provider === 'counter');
    expect(counter).toMatchObject({ status: 'paid', receipt_number: number, recorded_by: { id: finance.id, name: 'Huda Finance' } });
    expect(office.payments.find((p: { id: string }) => p.id === checkout.id).status).toBe('voided');

    const [row] = await auditRowsOf(id, 'payment.counter');
    expect(row).toMatchObject({ actor_kind: 'staff', staff_id: finance.id, details: { receipt_number: number, received_by: finance.id } });
  });

  it('no path moves a request awaiting payment to submitted without a payment', async () => {
    const admin = await signedInStaff('admin');
    const { token } = await newUser();
    const { id } = await submittedRequest(token);
    const ops = await call(opsStatusRoute.POST, { params: { id }, body: { status: 'submitted' }, headers: { 'x-ops-key': TEST_OPS_KEY }, locale: 'ar' });
    expect(ops.status).toBe(409);
    expect(ops.json!.error.message).toMatch(/^لا ينتقل الطلب الذي ينتظر الدفع إلا بعد دفع رسومه/);
    const console = await consoleCall(officeReviewRoute.POST, { method: 'POST', staffCookie: admin.cookie, params: { id }, body: { status: 'submitted' }, locale: 'en' });
    expect(console.status).toBe(422);
    expect((await pilgrimView(token, id)).status).toBe('pending_payment');
  });

  it('a counter payment of a request cancelled by the office is owed back at the counter (refunding), without a gateway', async () => {
    const finance = await signedInStaff('finance');
    const { token } = await newUser();
    const { id, fee } = await submittedRequest(token);
    expect((await consoleCall(officePaymentRoute.POST, { method: 'POST', staffCookie: finance.cookie, params: { id }, body: { amount_minor: fee, receipt_number: receipt() } })).status).toBe(201);
    // Proposed by one member, approved by another (issue 41, item 5).
    const cancelled = await cancelWithRefund(id, finance.cookie, 'The season is full');
    expect(cancelled.status).toBe(200);
    expect(await pilgrimView(token, id)).toMatchObject({ status: 'cancelled', money: expect.objectContaining({ state: 'refunding' }), payments: [expect.objectContaining({ provider: 'counter', status: 'refunding', refund_reason: 'cancelled' })] });
  });

  it('a gateway payment still moves the request (its move follows its paid row)', async () => {
    const { token } = await newUser();
    const { id } = await paidRequest(token);
    expect(await pilgrimView(token, id)).toMatchObject({ status: 'submitted', money: expect.objectContaining({ state: 'paid' }) });
  });
});
