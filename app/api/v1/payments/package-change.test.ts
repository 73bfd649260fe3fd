import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { hijriFromNow } from '@/test/answers';
import { notificationsOf } from '@/test/notifications';
import { payPart, startPart } from '@/test/payments';
import { consoleCall, invitedStaff, signedInStaff, TEST_OPS_KEY, useOpsKey } from '@/test/staff';
import { choosePackage, PACKAGE_FEES, paidThenChangesAsked, resend } from '@/test/package-change';
import { queryRows } from '@/lib/server/db/client';
import { payOnTestGateway, TEST_CARDS } from '@/lib/server/payments/test-gateway';
import { reconcilePayments, refundDue } from '@/lib/server/payments/payments';
import { applyPaymentDeadlines } from '@/lib/server/payments/deadlines';
import en from '@/messages/en.json';
import arMessages from '@/messages/ar.json';
import * as oneRoute from '../requests/[id]/route';
import * as cancelRoute from '../requests/[id]/cancel/route';
import * as startRoute from '../requests/[id]/payments/route';
import * as paymentRoute from './[id]/route';
import * as catalogueRoute from '../office/catalogue/[id]/route';
import * as officeRequestRoute from '../office/requests/[id]/route';
import * as reviewRoute from '../office/requests/[id]/review/route';
import * as packageRefundRoute from '../office/requests/[id]/package-refund/route';
import * as approvalRoute from '../office/requests/[id]/refund-approval/route';
import * as exportRoute from '../office/export/route';
import * as opsPaymentRoute from '../ops/requests/[id]/payments/route';
import * as needsDoingRoute from '../me/needs-doing/route';

// A package change pays its difference (issue 57, item 6; docs/INSTALMENTS.md, "A package changed after paying"):
// a dearer package asks for the difference before the request goes back to the office, a cheaper one's difference
// goes back through the four-eyes refund without cancelling anything, and a request paid in instalments keeps its fee.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

// Per pilgrim; every request here is for two pilgrims.
const FEES = PACKAGE_FEES;
const sar = (minor: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'SAR' }).format(minor / 100);

const details = async (token: string, id: string) => (await call(oneRoute.GET, { token, params: { id } })).json!.data;
const holdOf = async (id: string) => (await queryRows<{ package: string; places: number; held_until: string | null }>(sql`select package, places, held_until from place_holds where request_id = ${id}`))[0]!;
/** The places and fee paid for, kept aside while a dearer package's difference is owed. */
const keptAside = (id: string) => queryRows<{ package: string; places: number; fee_minor: number }>(sql`select package, places, fee_minor from package_changes where request_id = ${id}`);
const heldIn = async (pkg: string) => Number((await queryRows<{ held: number }>(sql`select coalesce((select held from package_places where type_id = 'hajj' and package = ${pkg}), 0) as held`))[0]!.held);
/** The request's line in the office's CSV, in a language. */
async function csvLine(cookie: string, reference: string, locale: 'en' | 'ar') {
  const csv = (await consoleCall(exportRoute.GET, { staffCookie: cookie, path: `/api/v1/office/export?q=${reference}&locale=${locale}` })).text!;
  return csv.split('\n').find((row) => row.startsWith(reference))!;
}
const told = async (token: string, locale: 'en' | 'ar', type: string) => (await notificationsOf(token, locale)).items.filter((item: { type: string }) => item.type === type) as { title: string; body: string }[];

async function setCatalogue(body: Record<string, unknown>) {
  const admin = await signedInStaff('admin', 'Pricing Admin');
  expect((await consoleCall(catalogueRoute.PATCH, { method: 'PATCH', staffCookie: admin.cookie, params: { id: 'hajj' }, body, locale: 'en' })).status).toBe(200);
}

describe('a dearer package chosen after paying in full', () => {
  beforeAll(() => setCatalogue({ fees_minor: FEES, payment_plan: null }));

  it('asks for the difference before going back to the office: never an upgrade for free (the issue: economy paid, premium sent, nothing owed)', async () => {
    const { pilgrim, id } = await paidThenChangesAsked('economy');
    await choosePackage(pilgrim.token, id, 'premium');

    const sent = await resend(pilgrim.token, id);
    expect(sent.status).toBe(200);
    const difference = (FEES.premium - FEES.economy) * 2;
    expect(sent.json!.data).toMatchObject({
      status: 'changes_requested',
      fee_minor: FEES.premium * 2,
      money: { state: 'deposit_paid', paid_minor: FEES.economy * 2, outstanding_minor: difference, refund_due_minor: 0, next_due: { part: 'difference-1', amount_minor: difference, due_at: expect.any(String) } },
    });
    // The places moved to the new package until the difference's pay-by time (a first send's), given in the money's
    // next_due; the places paid for are kept aside meanwhile (package_changes).
    const hold = await holdOf(id);
    expect(hold).toMatchObject({ package: 'premium', places: 2 });
    expect(new Date(hold.held_until!).toISOString()).toBe(sent.json!.data.money.next_due.due_at);
    expect(Date.parse(hold.held_until!) - Date.now()).toBeGreaterThan(71 * 3_600_000);
    expect(await keptAside(id)).toEqual([{ package: 'economy', places: 2, fee_minor: FEES.economy * 2 }]);
    // Sent again before paying: the same answer, nothing asked twice.
    expect((await resend(pilgrim.token, id)).json!.data).toMatchObject({ status: 'changes_requested', money: { outstanding_minor: difference } });
    // What check answers compares a package with: the package held, and the package and fee paid for, kept aside.
    expect(await details(pilgrim.token, id)).toMatchObject({ fee_package: 'premium', package_paid_for: { package: 'economy', fee_minor: FEES.economy * 2 } });
    // The request's parts: the whole fee as it was paid, then the difference to pay.
    expect((await details(pilgrim.token, id)).payment_plan.parts).toMatchObject([
      { part: 'full', amount_minor: FEES.economy * 2, state: 'paid' },
      { part: 'difference-1', amount_minor: difference, state: 'due' },
    ]);

    // "What needs doing" lists the difference under the request whose changes were asked for, with its pay-by time, counted.
    const needs = (await call(needsDoingRoute.GET, { token: pilgrim.token })).json!.data;
    expect(needs.count).toBe(1);
    expect(needs.changes_requested).toEqual([expect.objectContaining({ id, office_note: 'Fix the passport number.', difference_due: { part: 'difference-1', amount_minor: difference, due_at: sent.json!.data.money.next_due.due_at } })]);
    expect(needs.awaiting_payment).toEqual([]);

    // The office's CSV says what it waits for, in both languages: the difference, never "deposit".
    const finance = await signedInStaff('finance', 'Reading Finance');
    const reference = sent.json!.data.reference as string;
    expect(await csvLine(finance.cookie, reference, 'en')).toContain(`,${en.Money.state.difference_owed},`);
    expect(await csvLine(finance.cookie, reference, 'ar')).toContain(',فرق للدفع لتغيير الباقة,');

    // The normal pay flow: no part named, the difference owed is what it asks.
    const paid = await payPart(pilgrim.token, id);
    expect(paid).toMatchObject({ part: 'difference-1', amount_minor: difference, status: 'paid' });
    const after = await details(pilgrim.token, id);
    expect(after).toMatchObject({ status: 'submitted', flagged: null, fee_minor: FEES.premium * 2, fee_package: 'premium', package_paid_for: null, money: { state: 'paid', paid_minor: FEES.premium * 2, outstanding_minor: 0, next_due: null } });
    expect(after.history.map((entry: { to: string }) => entry.to).slice(-2)).toEqual(['changes_requested', 'submitted']);
    expect(after.payment_plan.parts[1]).toMatchObject({ part: 'difference-1', state: 'paid', payment_id: paid.id });
    // Nothing more to do once it is paid: back with the office.
    expect((await call(needsDoingRoute.GET, { token: pilgrim.token })).json!.data).toMatchObject({ count: 0, changes_requested: [] });
    // Paid: the new package's places are kept for good, and those kept aside go back.
    expect(await holdOf(id)).toMatchObject({ package: 'premium', held_until: null });
    expect(await keptAside(id)).toEqual([]);

    // Told in both languages: the difference received, named, and the request back with the office.
    const noticeEn = (await told(pilgrim.token, 'en', 'instalment_paid'))[0]!;
    expect(noticeEn.title).toBe(`Difference for the package change received for ${after.reference}`);
    expect(noticeEn.body).toContain(`We received ${sar(difference)} for Difference for the package change of request ${after.reference}. The fee is now paid in full. Your request has gone back to the office for review.`);
    const noticeAr = (await told(pilgrim.token, 'ar', 'instalment_paid'))[0]!;
    expect(noticeAr.title).toContain('فرق تغيير الباقة');
    expect(noticeAr.body).toContain('وأُعيد طلبك إلى المكتب لمراجعته');
    // The office sees it paid for the new package.
    expect((await consoleCall(officeRequestRoute.GET, { staffCookie: finance.cookie, params: { id } })).json!.data.money).toMatchObject({ state: 'paid', fee_minor: FEES.premium * 2, outstanding_minor: 0 });
  });

  it('is paid once: the gateway heard of at once by the return, the webhook and the sweep captures one difference, and nothing more can be started', async () => {
    const { pilgrim, id } = await paidThenChangesAsked('economy');
    await choosePackage(pilgrim.token, id, 'standard');
    expect((await resend(pilgrim.token, id)).status).toBe(200);
    const difference = (FEES.standard - FEES.economy) * 2;
    // Two presses: one checkout.
    const [first, second] = await Promise.all([startPart(pilgrim.token, id), startPart(pilgrim.token, id)]);
    expect(first.json!.data.id).toBe(second.json!.data.id);
    const checkout = first.json!.data as { id: string; redirect_url: string };
    await payOnTestGateway(checkout.redirect_url.split('/').pop()!, TEST_CARDS.success);
    await queryRows(sql`update payments set updated_at = now() - interval '5 minutes' where id = ${checkout.id}`);
    await Promise.all([call(paymentRoute.GET, { token: pilgrim.token, params: { id: checkout.id } }), reconcilePayments(), call(paymentRoute.GET, { token: pilgrim.token, params: { id: checkout.id } })]);

    const rows = await queryRows<{ part: string; status: string; amount_minor: number }>(sql`select part, status, amount_minor from payments where request_id = ${id} order by created_at`);
    expect(rows).toEqual([
      { part: 'full', status: 'paid', amount_minor: FEES.economy * 2 },
      { part: 'difference-1', status: 'paid', amount_minor: difference },
    ]);
    const ledger = await queryRows<{ status: string }>(sql`select status from test_gateway_payments where id = ${checkout.redirect_url.split('/').pop()!}`);
    expect(ledger[0]!.status).toBe('paid');
    const after = await details(pilgrim.token, id);
    expect(after.money).toMatchObject({ state: 'paid', paid_minor: FEES.standard * 2, outstanding_minor: 0 });
    expect(after.history.filter((entry: { to: string }) => entry.to === 'submitted')).toHaveLength(2);
    // Nothing is owed: another difference, or any payment, is refused as already paid.
    for (const part of ['difference-1', 'difference-2', undefined]) {
      const again = await startPart(pilgrim.token, id, part);
      expect(again.status).toBe(409);
      expect(again.json!.error.message).toBe(en.ApiErrors.already_paid);
    }
  });

  it('changed back to the package paid for, it is sent with nothing to pay; a checkout opened for the difference is stopped', async () => {
    const { pilgrim, id } = await paidThenChangesAsked('economy');
    await choosePackage(pilgrim.token, id, 'premium');
    expect((await resend(pilgrim.token, id)).json!.data.money.outstanding_minor).toBe((FEES.premium - FEES.economy) * 2);
    const open = (await startPart(pilgrim.token, id)).json!.data as { id: string };
    await choosePackage(pilgrim.token, id, 'economy');
    const sent = await resend(pilgrim.token, id);
    expect(sent.json!.data).toMatchObject({ status: 'submitted', fee_minor: FEES.economy * 2, money: { state: 'paid', outstanding_minor: 0 } });
    expect(await holdOf(id)).toMatchObject({ package: 'economy', places: 2 });
    const [row] = await queryRows<{ status: string }>(sql`select status from payments where id = ${open.id}`);
    expect(row!.status).toBe('voided');
  });

  it('is refused 409 sold_out when the dearer package is full, the request as it was', async () => {
    const { pilgrim, id } = await paidThenChangesAsked('economy');
    const [held] = await queryRows<{ held: number }>(sql`select coalesce((select held from package_places where type_id = 'hajj' and package = 'premium'), 0) as held`);
    await setCatalogue({ places: { premium: Number(held!.held) + 1 } });
    await choosePackage(pilgrim.token, id, 'premium');
    const refused = await resend(pilgrim.token, id);
    expect(refused.status).toBe(409);
    expect(refused.json!.error.code).toBe('sold_out');
    expect(await details(pilgrim.token, id)).toMatchObject({ status: 'changes_requested', fee_minor: FEES.economy * 2, money: { state: 'paid', outstanding_minor: 0 } });
    expect(await holdOf(id)).toMatchObject({ package: 'economy' });
    await setCatalogue({ places: { premium: null } });
  });

  it('unpaid by its pay-by time, the new package\'s places go back and the request returns to the package and fee paid for, still waiting for its changes (the deadlines sweep)', async () => {
    const { pilgrim, id } = await paidThenChangesAsked('economy');
    await choosePackage(pilgrim.token, id, 'premium');
    const before = { economy: await heldIn('economy'), premium: await heldIn('premium') };
    expect((await resend(pilgrim.token, id)).json!.data.money.outstanding_minor).toBe((FEES.premium - FEES.economy) * 2);
    // Both held meanwhile: the new package's places, and the ones paid for, kept aside.
    expect({ economy: await heldIn('economy'), premium: await heldIn('premium') }).toEqual({ economy: before.economy, premium: before.premium + 2 });
    const open = (await startPart(pilgrim.token, id)).json!.data as { id: string };

    // Not yet due: the sweep leaves it.
    await applyPaymentDeadlines();
    expect((await details(pilgrim.token, id)).fee_minor).toBe(FEES.premium * 2);
    // Past its pay-by time.
    await queryRows(sql`update requests set difference_due_at = now() - interval '1 minute' where id = ${id}`);
    await queryRows(sql`update place_holds set held_until = now() - interval '1 minute' where request_id = ${id}`);
    expect((await applyPaymentDeadlines()).differencesLapsed).toBe(1);

    const back = await details(pilgrim.token, id);
    expect(back).toMatchObject({ status: 'changes_requested', fee_minor: FEES.economy * 2, money: { state: 'paid', outstanding_minor: 0, next_due: null } });
    expect(back.data.service.package).toBe('economy');
    expect(await holdOf(id)).toMatchObject({ package: 'economy', places: 2, held_until: null });
    expect(await keptAside(id)).toEqual([]);
    expect({ economy: await heldIn('economy'), premium: await heldIn('premium') }).toEqual(before);
    const [checkout] = await queryRows<{ status: string }>(sql`select status from payments where id = ${open.id}`);
    expect(checkout!.status).toBe('voided');
    // Told, in both languages.
    expect((await told(pilgrim.token, 'en', 'difference_lapsed'))[0]!.body).toContain(`The difference of ${sar((FEES.premium - FEES.economy) * 2)} was not paid by`);
    expect((await told(pilgrim.token, 'ar', 'difference_lapsed'))[0]!.title).toContain('لم يُدفع فرق تغيير الباقة');
    // Once: the sweep again finds nothing.
    expect((await applyPaymentDeadlines()).differencesLapsed).toBe(0);
    // Sent again as it is now: to the office, nothing to pay.
    expect((await resend(pilgrim.token, id)).json!.data).toMatchObject({ status: 'submitted', fee_minor: FEES.economy * 2, money: { state: 'paid' } });
  });

  it('the package paid for chosen again while the difference is owed takes back the places kept aside, at the fee paid', async () => {
    const { pilgrim, id } = await paidThenChangesAsked('economy');
    await choosePackage(pilgrim.token, id, 'premium');
    const before = { economy: await heldIn('economy'), premium: await heldIn('premium') };
    await resend(pilgrim.token, id);
    await choosePackage(pilgrim.token, id, 'standard');
    // Another dearer package: the same pay-by time, the places paid for still aside.
    const due = (await resend(pilgrim.token, id)).json!.data.money.next_due;
    expect(due).toMatchObject({ part: 'difference-1', amount_minor: (FEES.standard - FEES.economy) * 2 });
    expect(await keptAside(id)).toEqual([{ package: 'economy', places: 2, fee_minor: FEES.economy * 2 }]);
    expect(await heldIn('premium')).toBe(before.premium);
    await choosePackage(pilgrim.token, id, 'economy');
    expect((await resend(pilgrim.token, id)).json!.data).toMatchObject({ status: 'submitted', fee_minor: FEES.economy * 2, money: { state: 'paid', outstanding_minor: 0 } });
    expect(await holdOf(id)).toMatchObject({ package: 'economy', places: 2, held_until: null });
    expect(await keptAside(id)).toEqual([]);
    expect(await heldIn('economy')).toBe(before.economy);
  });

  it('its difference is not taken at the counter (409 counter_fee_only, in both languages): it is paid online, which sends the request back', async () => {
    const { pilgrim, id } = await paidThenChangesAsked('economy');
    await choosePackage(pilgrim.token, id, 'premium');
    await resend(pilgrim.token, id);
    const finance = await invitedStaff('finance', 'Counter Finance');
    const difference = (FEES.premium - FEES.economy) * 2;
    const atCounter = (locale: 'en' | 'ar') =>
      call(opsPaymentRoute.POST, { params: { id }, body: { amount_minor: difference, receipt_number: `CTR-DIFF-${locale}-${Date.now()}`, received_by: finance.email }, headers: { 'x-ops-key': TEST_OPS_KEY }, locale });
    const refused = await atCounter('en');
    expect(refused.status).toBe(409);
    // Not "already paid": something is owed, and it is said where it is paid.
    expect(refused.json!.error.message).toBe(en.ApiErrors.counter_fee_only);
    expect((await atCounter('ar')).json!.error.message).toBe(arMessages.ApiErrors.counter_fee_only);
    expect(await details(pilgrim.token, id)).toMatchObject({ status: 'changes_requested', money: { outstanding_minor: difference } });
    expect(await queryRows(sql`select id from payments where request_id = ${id} and provider = 'counter'`)).toEqual([]);
  });
});

describe('a cheaper package chosen after paying in full', () => {
  beforeAll(() => setCatalogue({ fees_minor: FEES, payment_plan: null }));

  it('goes back to the office with the difference to be refunded; proposed and approved by two members, it goes back without cancelling the request', async () => {
    const { pilgrim, id } = await paidThenChangesAsked('standard');
    await choosePackage(pilgrim.token, id, 'economy');
    const due = (FEES.standard - FEES.economy) * 2;
    const sent = await resend(pilgrim.token, id);
    expect(sent.status).toBe(200);
    // Never "unpaid", never owing: paid in full, and more, to go back.
    expect(sent.json!.data).toMatchObject({ status: 'submitted', fee_minor: FEES.economy * 2, money: { state: 'refund_due', paid_minor: FEES.standard * 2, outstanding_minor: 0, refund_due_minor: due, next_due: null } });
    expect(await holdOf(id)).toMatchObject({ package: 'economy', places: 2, held_until: null });

    const proposer = await signedInStaff('finance', 'Proposing Finance');
    const second = await signedInStaff('finance', 'Approving Finance');
    const office = (await consoleCall(officeRequestRoute.GET, { staffCookie: proposer.cookie, params: { id } })).json!.data;
    expect(office.money).toMatchObject({ state: 'refund_due', refund_due_minor: due });
    expect(await csvLine(proposer.cookie, office.reference, 'en')).toContain(`,"${en.Money.state.refund_due}",`);
    // More than the difference is refused in the member's language, and a reviewer cannot propose money back.
    for (const [locale, words] of [['en', en.ApiErrors.refund_more_than_due], ['ar', 'لا يمكن أن يزيد المبلغ المسترد على الفرق']] as const) {
      const more = await consoleCall(packageRefundRoute.POST, { method: 'POST', staffCookie: proposer.cookie, params: { id }, body: { refund_minor: String(due + 1) }, locale });
      expect(more.status).toBe(422);
      expect(more.json!.error.fields.refund_minor[0]).toContain(words);
    }
    const reviewer = await signedInStaff('reviewer', 'Not Finance');
    expect((await consoleCall(packageRefundRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id }, body: {}, locale: 'en' })).status).toBe(403);

    const proposed = await consoleCall(packageRefundRoute.POST, { method: 'POST', staffCookie: proposer.cookie, params: { id }, body: { note: 'Economy instead of standard' }, locale: 'en' });
    expect(proposed.status).toBe(200);
    expect((await consoleCall(officeRequestRoute.GET, { staffCookie: proposer.cookie, params: { id } })).json!.data.refund_proposal).toMatchObject({ reason: 'package_change', amount_minor: due, proposed_by: { id: proposer.id } });
    expect((await consoleCall(packageRefundRoute.POST, { method: 'POST', staffCookie: second.cookie, params: { id }, body: {}, locale: 'en' })).status).toBe(409);
    // Four eyes: the proposer cannot approve it.
    expect((await consoleCall(approvalRoute.POST, { method: 'POST', staffCookie: proposer.cookie, params: { id }, body: { decision: 'approve' }, locale: 'en' })).status).toBe(403);
    const approved = await consoleCall(approvalRoute.POST, { method: 'POST', staffCookie: second.cookie, params: { id }, body: { decision: 'approve' }, locale: 'en' });
    expect(approved.status).toBe(200);
    expect(approved.json!.data).toMatchObject({ decision: 'approved', request: { status: 'submitted' } });
    await refundDue(id);

    const after = await details(pilgrim.token, id);
    expect(after).toMatchObject({ status: 'submitted', money: { state: 'paid', paid_minor: FEES.standard * 2, refunded_minor: due, refunding_minor: 0, refund_due_minor: 0, outstanding_minor: 0 } });
    expect(after.payments[0]).toMatchObject({ part: 'full', status: 'partially_refunded', amount_minor: FEES.standard * 2, refunded_minor: due, refund_reason: 'package_change' });
    const refundEn = (await told(pilgrim.token, 'en', 'payment_refunded'))[0]!;
    expect(refundEn.title).toBe(`Refund of ${sar(due)} for ${after.reference}`);
    expect(refundEn.body).toContain('You chose a package that costs less, so we gave back the difference');
    expect(refundEn.body).not.toContain('kept');
    const refundAr = (await told(pilgrim.token, 'ar', 'payment_refunded'))[0]!;
    expect(refundAr.body).toContain('اخترت باقة أقل رسومًا');

    // The audit log: proposed by one, approved by the other, for the package change.
    const audited = await queryRows<{ action: string; staff_id: string; details: { reason?: string; amount_minor?: number } }>(
      sql`select action, staff_id, details from audit_log where target_id = ${id} and action like 'refund.%' order by id`,
    );
    expect(audited.map((row) => [row.action, row.staff_id, row.details.reason, row.details.amount_minor])).toEqual([
      ['refund.propose', proposer.id, 'package_change', due],
      ['refund.approve', second.id, 'package_change', due],
    ]);

    // Cancelled later by the pilgrim, what is left goes back, and nothing twice.
    expect((await call(cancelRoute.POST, { method: 'POST', token: pilgrim.token, params: { id } })).status).toBe(200);
    await refundDue(id);
    expect((await details(pilgrim.token, id)).money).toMatchObject({ state: 'refunded', paid_minor: FEES.standard * 2, refunded_minor: FEES.standard * 2, refunding_minor: 0 });
    const [back] = await queryRows<{ refund_amount_minor: number | null; change_refunded_minor: number }>(sql`select refund_amount_minor, change_refunded_minor from payments where request_id = ${id}`);
    expect(back).toEqual({ refund_amount_minor: FEES.economy * 2, change_refunded_minor: due });
  });

  it('a proposal the request outgrew (the dearer package chosen again) is refused at approval, and nothing goes back', async () => {
    const { pilgrim, id } = await paidThenChangesAsked('standard');
    await choosePackage(pilgrim.token, id, 'economy');
    expect((await resend(pilgrim.token, id)).json!.data.money.state).toBe('refund_due');
    const proposer = await signedInStaff('finance', 'Early Finance');
    const second = await signedInStaff('finance', 'Late Finance');
    expect((await consoleCall(packageRefundRoute.POST, { method: 'POST', staffCookie: proposer.cookie, params: { id }, body: {}, locale: 'en' })).status).toBe(200);
    const reviewer = await signedInStaff('reviewer', 'Asking Again');
    expect((await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id }, body: { status: 'changes_requested', note: 'One more thing.', flags: { applicant: ['photo'] } }, locale: 'en' })).status).toBe(200);
    await choosePackage(pilgrim.token, id, 'standard');
    expect((await resend(pilgrim.token, id)).json!.data).toMatchObject({ status: 'submitted', money: { state: 'paid', refund_due_minor: 0 } });
    const approval = await consoleCall(approvalRoute.POST, { method: 'POST', staffCookie: second.cookie, params: { id }, body: { decision: 'approve' }, locale: 'en' });
    expect(approval.status).toBe(409);
    expect(approval.json!.error.message).toBe(en.ApiErrors.refund_paid_changed);
    await refundDue(id);
    expect((await details(pilgrim.token, id)).money).toMatchObject({ state: 'paid', refunded_minor: 0, refunding_minor: 0 });
  });

  it('with nothing held beyond the fee, no package refund can be proposed', async () => {
    const { pilgrim, id } = await paidThenChangesAsked('standard');
    expect((await resend(pilgrim.token, id)).json!.data.money.state).toBe('paid');
    const finance = await signedInStaff('finance', 'Idle Finance');
    const refused = await consoleCall(packageRefundRoute.POST, { method: 'POST', staffCookie: finance.cookie, params: { id }, body: {}, locale: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.json!.error.message).toBe(en.ApiErrors.no_refund_due);
  });
});

describe('a package at another fee on a request paid in instalments', () => {
  beforeAll(() => setCatalogue({ fees_minor: FEES, payment_plan: { deposit_percent: 20, instalments: [{ percent: 40, due: hijriFromNow(2) }, { percent: 40, due: hijriFromNow(4) }] } }));
  afterAll(() => setCatalogue({ payment_plan: null }));

  it('is refused with a message in both languages naming both fees and the office, the answers kept; the package paid for goes back', async () => {
    const { pilgrim, id } = await paidThenChangesAsked('standard', 'deposit');
    await choosePackage(pilgrim.token, id, 'premium');
    for (const [locale, fee, words] of [['en', sar(FEES.standard * 2), 'contact the office'], ['ar', '٣٠٬٠٠٠٫٠٠', 'تواصل مع المكتب']] as const) {
      const refused = await resend(pilgrim.token, id, locale);
      expect(refused.status).toBe(422);
      expect(refused.json!.error.fields['service.package'][0]).toContain(fee);
      expect(refused.json!.error.fields['service.package'][0]).toContain(words);
    }
    const kept = await details(pilgrim.token, id);
    expect(kept).toMatchObject({ status: 'changes_requested', fee_minor: FEES.standard * 2, money: { state: 'deposit_paid' } });
    expect(kept.data.service.package).toBe('premium');
    expect(await holdOf(id)).toMatchObject({ package: 'standard' });
    await choosePackage(pilgrim.token, id, 'standard');
    expect((await resend(pilgrim.token, id)).json!.data).toMatchObject({ status: 'submitted', money: { state: 'deposit_paid' } });
    // And no difference can be started on it.
    expect((await call(startRoute.POST, { token: pilgrim.token, params: { id }, body: { part: 'difference-1' }, locale: 'en' })).status).toBe(409);
  });
});
