import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { hijriFromNow } from '@/test/answers';
import { notificationsOf } from '@/test/notifications';
import { readyDraft } from '@/test/requests';
import { companionOn, payPart, startPart } from '@/test/payments';
import { consoleCall, paidRequest, signedInStaff, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import { payOnTestGateway, TEST_CARDS } from '@/lib/server/payments/test-gateway';
import { refundDue } from '@/lib/server/payments/payments';
import * as listRoute from '../requests/route';
import * as oneRoute from '../requests/[id]/route';
import * as submitRoute from '../requests/[id]/submit/route';
import * as sharedRoute from '../me/shared-requests/[id]/route';
import * as paymentRoute from './[id]/route';
import * as catalogueRoute from '../office/catalogue/[id]/route';
import * as queueRoute from '../office/requests/route';
import * as officeRequestRoute from '../office/requests/[id]/route';
import * as exportRoute from '../office/export/route';
import * as reviewRoute from '../office/requests/[id]/review/route';
import * as approvalRoute from '../office/requests/[id]/refund-approval/route';

// One money state, read by every answer (issue 57, items 2-5; docs/INSTALMENTS.md, "Money states"): a deposit is
// never "paid", a partial refund never "refunded", and a refund proposal never goes stale. Through the API, on the database.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

const details = async (token: string, id: string, locale: 'en' | 'ar' = 'en') => (await call(oneRoute.GET, { token, params: { id }, locale })).json!.data;
const start = startPart;
const pay = payPart;



/** A request of a service with a plan (20 % deposit, then 40 % and 40 %), sent, its deposit paid; and its companion on it. */
async function depositPaid() {
  const admin = await signedInStaff('admin');
  const plan = { deposit_percent: 20, instalments: [{ percent: 40, due: hijriFromNow(2) }, { percent: 40, due: hijriFromNow(4) }] };
  expect((await consoleCall(catalogueRoute.PATCH, { method: 'PATCH', staffCookie: admin.cookie, params: { id: 'hajj' }, body: { payment_plan: plan }, locale: 'en' })).status).toBe(200);
  const organiser = await newUser('Organiser Family');
  const id = await readyDraft(organiser.token);
  const submitted = await call(submitRoute.POST, { token: organiser.token, params: { id }, body: {} });
  expect(submitted.status).toBe(200);
  const fee = submitted.json!.data.fee_minor as number;
  const member = await companionOn(organiser.token, id);
  const deposit = await pay(organiser.token, id, 'deposit');
  expect(deposit.status).toBe('paid');
  return { organiser, member, id, fee, deposit: deposit.amount_minor, reference: submitted.json!.data.reference as string };
}

const sar = (minor: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'SAR' }).format(minor / 100);

describe('a deposit paid', () => {
  it('is deposit_paid, with what is owed and the next part, on every answer that carries money; never "paid"', async () => {
    const { organiser, member, id, fee, deposit, reference } = await depositPaid();
    const expected = { state: 'deposit_paid', paid_minor: deposit, refunded_minor: 0, outstanding_minor: fee - deposit };

    const own = await details(organiser.token, id);
    expect(own.money).toMatchObject({ ...expected, next_due: { part: 'instalment-1', amount_minor: Math.floor(fee * 0.4) } });
    expect(Date.parse(own.money.next_due.due_at)).toBeGreaterThan(Date.now());
    expect(own.payment_plan.outstanding_minor).toBe(fee - deposit);
    expect('payment' in own).toBe(false);

    const listed = (await call(listRoute.GET, { token: organiser.token })).json!.data.find((item: { id: string }) => item.id === id);
    expect(listed.money).toMatchObject(expected);
    const shared = (await call(sharedRoute.GET, { token: member.token, params: { id } })).json!.data;
    expect(shared.money).toMatchObject(expected);

    const finance = await signedInStaff('finance', 'Money Finance');
    const queue = (await consoleCall(queueRoute.GET, { staffCookie: finance.cookie, path: `/api/v1/office/requests?q=${reference}` })).json!.data;
    expect(queue.find((item: { id: string }) => item.id === id).money).toMatchObject(expected);
    const office = (await consoleCall(officeRequestRoute.GET, { staffCookie: finance.cookie, params: { id } })).json!.data;
    expect(office.money).toMatchObject(expected);

    // The CSV says the state in words, what was paid and what is owed; never "Paid".
    for (const [locale, word] of [['en', '"Deposit paid, more to pay"'], ['ar', 'دُفع العربون، وبقي مبلغ للدفع']] as const) {
      const csv = (await consoleCall(exportRoute.GET, { staffCookie: finance.cookie, path: `/api/v1/office/export?q=${reference}&locale=${locale}` })).text!;
      const line = csv.split('\n').find((row) => row.startsWith(reference))!;
      expect(line).toContain(`,${word},${(deposit / 100).toFixed(2)},0.00,`);
      expect(line).toContain(`,${((fee - deposit) / 100).toFixed(2)},`);
    }
  });

  it('is told as the deposit received and what is left; the approval says what is owed, and "confirmed" only once nothing is', async () => {
    const { organiser, member, id, fee, deposit, reference } = await depositPaid();
    const told = async (token: string, locale: 'en' | 'ar', type: string) => (await notificationsOf(token, locale)).items.find((item: { type: string }) => item.type === type)!;

    const en = await told(organiser.token, 'en', 'payment_succeeded');
    expect(en.title).toBe(`Deposit received for ${reference}`);
    expect(en.body).toContain(`We received your deposit of ${sar(deposit)} for ${reference}.`);
    expect(en.body).toContain(`Still to pay: ${sar(fee - deposit)}; the next instalment of ${sar(Math.floor(fee * 0.4))} is due by`);
    expect(en.body).not.toContain(sar(fee));
    const ar = await told(organiser.token, 'ar', 'payment_succeeded');
    expect(ar.body).toContain('استلمنا عربونك البالغ');
    expect(ar.body).toContain('المتبقي للدفع:');
    expect(ar.body).not.toMatch(/استلمنا مبلغ/);
    // The companion reads the same story: a payment, and what is still owed.
    const companion = await told(member.token, 'en', 'shared_request_update');
    expect(companion.body).toContain(`A payment of ${sar(deposit)} was received`);
    expect(companion.body).toContain(`Still to pay: ${sar(fee - deposit)}`);

    const reviewer = await signedInStaff('reviewer', 'Approving Reviewer');
    expect((await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id }, body: { status: 'approved' }, locale: 'en' })).status).toBe(200);
    const approved = await told(organiser.token, 'en', 'status_changed');
    expect(approved.title).toBe(`Request ${reference}: Approved`);
    expect(approved.body).toContain(`Still to pay: ${sar(fee - deposit)}`);
    expect(approved.body).toContain('If an instalment is still unpaid 3 days after its date, the request is cancelled');
    expect(approved.body).not.toContain('nothing more is owed');
    const approvedAr = await told(organiser.token, 'ar', 'status_changed');
    expect(approvedAr.body).toContain('تتأكد رحلتك عند دفع الرسوم كاملة');
    expect(approvedAr.body).not.toContain('رحلتك مؤكدة');
    expect((await told(member.token, 'en', 'shared_request_update')).body).toContain('The journey is confirmed once the fee is paid in full');
  });

  it('a full payment is paid in full, and its approval confirms the journey', async () => {
    const pilgrim = await newUser('Full Payer');
    const paid = await paidRequest(pilgrim.token);
    expect((await details(pilgrim.token, paid.id)).money).toMatchObject({ state: 'paid', outstanding_minor: 0, next_due: null });
    const reviewer = await signedInStaff('reviewer', 'Second Reviewer');
    await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id: paid.id }, body: { status: 'approved' }, locale: 'en' });
    const approved = (await notificationsOf(pilgrim.token)).items.find((item: { type: string }) => item.type === 'status_changed')!;
    expect(approved.body).toContain('Your journey is confirmed: nothing more is owed.');
  });
});

describe('a partial refund', () => {
  it('is partially_refunded with the amount, to the pilgrim, on the payment and in the console and CSV', async () => {
    const pilgrim = await newUser('Partly Refunded');
    const paid = await paidRequest(pilgrim.token);
    const fee = paid.fee as number;
    const back = fee - 100_000;
    const proposer = await signedInStaff('finance', 'Proposing Finance');
    const second = await signedInStaff('finance', 'Approving Finance');
    const proposed = await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: proposer.cookie, params: { id: paid.id }, body: { status: 'cancelled', note: 'Asked by phone.', refund_minor: String(back) }, locale: 'en' });
    expect(proposed.status).toBe(200);
    expect((await consoleCall(approvalRoute.POST, { method: 'POST', staffCookie: second.cookie, params: { id: paid.id }, body: { decision: 'approve' }, locale: 'en' })).status).toBe(200);
    await refundDue(paid.id);

    const own = await details(pilgrim.token, paid.id);
    expect(own.money).toMatchObject({ state: 'partially_refunded', paid_minor: fee, refunded_minor: back, outstanding_minor: 0 });
    expect(own.payments[0]).toMatchObject({ status: 'partially_refunded', amount_minor: fee, refunded_minor: back });
    const office = (await consoleCall(officeRequestRoute.GET, { staffCookie: second.cookie, params: { id: paid.id } })).json!.data;
    expect(office.money).toMatchObject({ state: 'partially_refunded', refunded_minor: back });
    expect(office.payments[0]).toMatchObject({ status: 'partially_refunded', refunded_minor: back });
    const csv = (await consoleCall(exportRoute.GET, { staffCookie: second.cookie, path: `/api/v1/office/export?q=${paid.reference}&locale=en` })).text!;
    expect(csv).toContain(`,Partly refunded,${((fee - back) / 100).toFixed(2)},${(back / 100).toFixed(2)},`);
    const refunded = (await notificationsOf(pilgrim.token)).items.find((item: { type: string }) => item.type === 'payment_refunded')!;
    expect(refunded.title).toContain(sar(back));
  });
});

describe('a refund proposal', () => {
  it('voids a checkout still open on the request, so no money arrives under it', async () => {
    const { organiser, id, deposit } = await depositPaid();
    const open = await start(organiser.token, id, 'instalment-1');
    expect(open.status).toBe(201);
    const checkout = open.json!.data as { id: string; redirect_url: string };
    const finance = await signedInStaff('finance', 'Voiding Finance');
    expect((await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: finance.cookie, params: { id }, body: { status: 'cancelled', note: 'Asked by phone.' }, locale: 'en' })).status).toBe(200);
    const [row] = await queryRows<{ status: string }>(sql`select status from payments where id = ${checkout.id}`);
    expect(row!.status).toBe('voided');
    // The pilgrim who finishes paying on the gateway's page anyway is refunded, never taken as the instalment.
    await payOnTestGateway(checkout.redirect_url.split('/').pop()!, TEST_CARDS.success);
    const after = (await call(paymentRoute.GET, { token: organiser.token, params: { id: checkout.id } })).json!.data;
    expect(['voided', 'refunding', 'refunded']).toContain(after.status);
    expect((await details(organiser.token, id)).money).toMatchObject({ state: 'deposit_paid', paid_minor: deposit });
    // And no new checkout while the proposal is open.
    expect((await start(organiser.token, id, 'instalment-1')).status).toBe(409);
  });

  it('is refused at approval when what was paid changed after it, and can then be proposed again', async () => {
    const { organiser, id, fee, deposit } = await depositPaid();
    const proposer = await signedInStaff('finance', 'Early Finance');
    const second = await signedInStaff('finance', 'Late Finance');
    expect((await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: proposer.cookie, params: { id }, body: { status: 'cancelled', note: 'Asked by phone.' }, locale: 'en' })).status).toBe(200);
    // An instalment taken after the proposal (money that was on its way through another path, as at the counter).
    await queryRows(sql`insert into payments (request_id, user_id, provider, amount_minor, currency, status, part, paid_at) select id, user_id, 'test', ${Math.floor(fee * 0.4)}, 'SAR', 'paid', 'instalment-1', now() from requests where id = ${id}`);
    for (const locale of ['en', 'ar'] as const) {
      const approval = await consoleCall(approvalRoute.POST, { method: 'POST', staffCookie: second.cookie, params: { id }, body: { decision: 'approve' }, locale });
      if (locale === 'en') {
        expect(approval.status).toBe(409);
        expect(approval.json!.error.message).toContain('changed after the refund was proposed');
      } else expect(approval.status).toBe(404);
    }
    expect((await details(organiser.token, id)).status).toBe('submitted');
    // Proposed again on what is paid now: the deposit and the instalment, and approved.
    const again = await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: proposer.cookie, params: { id }, body: { status: 'cancelled', note: 'Asked by phone.' }, locale: 'en' });
    expect(again.status).toBe(200);
    const [proposal] = await queryRows<{ amount_minor: number }>(sql`select amount_minor from refund_proposals where request_id = ${id} and decision is null`);
    expect(proposal!.amount_minor).toBe(deposit + Math.floor(fee * 0.4));
    expect((await consoleCall(approvalRoute.POST, { method: 'POST', staffCookie: second.cookie, params: { id }, body: { decision: 'approve' }, locale: 'en' })).status).toBe(200);
  });
});
