import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { hijriFromNow } from '@/test/answers';
import { notificationsOf } from '@/test/notifications';
import { readyDraft } from '@/test/requests';
import { companionOn, payPart, startPart } from '@/test/payments';
import { consoleCall, signedInStaff, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import { payOnTestGateway, TEST_CARDS } from '@/lib/server/payments/test-gateway';
import { applyInstalmentDeadlines } from '@/lib/server/payments/instalments';
import { reconcilePayments, refundDue } from '@/lib/server/payments/payments';
import * as oneRoute from '../requests/[id]/route';
import * as submitRoute from '../requests/[id]/submit/route';
import * as sharedRoute from '../me/shared-requests/[id]/route';
import * as paymentRoute from './[id]/route';
import * as receiptRoute from './[id]/receipt/route';
import * as catalogueRoute from '../office/catalogue/[id]/route';
import * as meRoute from '../me/route';
import * as exportRoute from '../office/export/route';
import * as reviewRoute from '../office/requests/[id]/review/route';
import * as approvalRoute from '../office/requests/[id]/refund-approval/route';

// Instalments and who pays (issue 42, items 3 and 4; docs/INSTALMENTS.md), through the API, on the database.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

const DAY = 86_400_000;
type Part = { part: string; amount_minor: number; due_at: string | null; state: string; paid_by: string | null; payment_id: string | null };

const details = async (token: string, id: string) => (await call(oneRoute.GET, { token, params: { id } })).json!.data;
const start = startPart;
const pay = payPart;


async function setPlan(cookie: string, plan: unknown) {
  return consoleCall(catalogueRoute.PATCH, { method: 'PATCH', staffCookie: cookie, params: { id: 'hajj' }, body: { payment_plan: plan }, locale: 'en' });
}

async function sent(token: string) {
  const id = await readyDraft(token);
  const submitted = await call(submitRoute.POST, { token, params: { id }, body: {} });
  expect(submitted.status).toBe(200);
  return { id, fee: submitted.json!.data.fee_minor as number };
}


describe('a payment plan: a deposit, then instalments', () => {
  it('is set by an admin in either calendar and checked: percents add up to 100, dates in order within the season', async () => {
    const admin = await signedInStaff('admin');
    const refused = await setPlan(admin.cookie, { deposit_percent: 20, instalments: [{ percent: 40, due: hijriFromNow(2) }, { percent: 30, due: hijriFromNow(4) }] });
    expect(refused.status).toBe(422);
    expect(refused.json!.error.fields['payment_plan.deposit_percent']).toEqual(['The deposit and the instalments must add up to 100 percent.']);
    const backwards = await setPlan(admin.cookie, { deposit_percent: 20, instalments: [{ percent: 40, due: hijriFromNow(4) }, { percent: 40, due: hijriFromNow(2) }] });
    expect(backwards.json!.error.fields['payment_plan.instalments.1.due']).toHaveLength(1);
    const garbled = await setPlan(admin.cookie, { deposit_percent: 20, instalments: [{ percent: 80, due: '31/02/2027' }] });
    expect(garbled.json!.error.fields['payment_plan.instalments.0.due']).toEqual(['Type the date as a Hijri date (DD-MM-YYYY) or a Gregorian one (YYYY-MM-DD).']);

    // A Gregorian date is kept as the Hijri day it is.
    const gregorian = new Date(Date.now() + 150 * DAY).toISOString().slice(0, 10);
    const set = await setPlan(admin.cookie, { deposit_percent: 20, instalments: [{ percent: 40, due: hijriFromNow(2) }, { percent: 40, due: gregorian }] });
    expect(set.status).toBe(200);
    expect(set.json!.data.payment_plan.instalments[1].due).toMatch(/^\d{2}-\d{2}-14\d{2}$/);
    const [audited] = await queryRows<{ details: Record<string, string> }>(sql`select details from audit_log where action = 'catalogue.change' order by id desc limit 1`);
    expect(audited!.details.paymentPlan).toContain('"deposit_percent":20');
  });

  it('deposit paid: the request moves on with its places kept; the next part is shown, paid by a companion, with a receipt naming them', async () => {
    const admin = await signedInStaff('admin');
    await setPlan(admin.cookie, { deposit_percent: 20, instalments: [{ percent: 40, due: hijriFromNow(2) }, { percent: 40, due: hijriFromNow(4) }] });
    const organiser = await newUser('Organiser Family');
    const { id, fee } = await sent(organiser.token);

    // Before the first payment: the plan offered, its parts adding up to the fee, and the split per pilgrim.
    const offered = (await details(organiser.token, id)).payment_plan;
    expect(offered).toMatchObject({ choice: null, deposit_offered: true, outstanding_minor: fee, fee_per_pilgrim_minor: fee / 2, grace_days: 3 });
    expect(offered.parts.map((part: Part) => part.part)).toEqual(['deposit', 'instalment-1', 'instalment-2']);
    expect(offered.parts.reduce((sum: number, part: Part) => sum + part.amount_minor, 0)).toBe(fee);

    // The deposit, 20 %: the request goes to the office as paid-for-now, and its hold is kept for good.
    const deposit = await pay(organiser.token, id, 'deposit');
    expect(deposit).toMatchObject({ status: 'paid', part: 'deposit', amount_minor: Math.floor(fee * 0.2) });
    const afterDeposit = await details(organiser.token, id);
    expect(afterDeposit.status).toBe('submitted');
    // A deposit is never "paid" (issue 57, item 2): what was taken, what is still owed, and the next part with its date.
    expect(afterDeposit.money).toEqual({
      state: 'deposit_paid',
      currency: 'SAR',
      fee_minor: fee,
      paid_minor: deposit.amount_minor,
      refunded_minor: 0,
      refunding_minor: 0,
      outstanding_minor: fee - deposit.amount_minor,
      refund_due_minor: 0,
      next_due: { part: 'instalment-1', amount_minor: afterDeposit.payment_plan.parts[1].amount_minor, due_at: afterDeposit.payment_plan.parts[1].due_at },
    });
    expect(afterDeposit.payment_plan).toMatchObject({ choice: 'instalments', outstanding_minor: fee - deposit.amount_minor });
    expect(afterDeposit.payment_plan.parts.map((part: Part) => part.state)).toEqual(['paid', 'due', 'due']);
    const [hold] = await queryRows<{ held_until: string | null }>(sql`select held_until from place_holds where request_id = ${id}`);
    expect(hold!.held_until).toBeNull();
    // The office's CSV: the plan chosen, and what is still outstanding.
    const finance = await signedInStaff('finance', 'Export Finance');
    const reference = afterDeposit.reference as string;
    const csv = await consoleCall(exportRoute.GET, { staffCookie: finance.cookie, path: `/api/v1/office/export?q=${reference}&locale=en` });
    expect(csv.text).toContain(`,"Deposit 20%, then 2 instalments",${((fee - deposit.amount_minor) / 100).toFixed(2)},`);
    // The whole fee or the deposit again: already paid.
    expect((await start(organiser.token, id, 'deposit')).status).toBe(409);
    expect((await start(organiser.token, id, 'full')).status).toBe(409);

    // A change to the catalogue afterwards never moves what was promised to this request.
    await setPlan(admin.cookie, { deposit_percent: 50, instalments: [{ percent: 50, due: hijriFromNow(3) }] });
    expect((await details(organiser.token, id)).payment_plan.parts).toEqual(afterDeposit.payment_plan.parts);

    // A companion on the request pays the first instalment (the next part owed when none is named).
    const member = await companionOn(organiser.token, id);
    const companionView = (await call(sharedRoute.GET, { token: member.token, params: { id } })).json!.data;
    expect(companionView.payment_plan.parts[1]).toMatchObject({ part: 'instalment-1', state: 'due' });
    const first = await pay(member.token, id);
    expect(first).toMatchObject({ status: 'paid', part: 'instalment-1', amount_minor: offered.parts[1].amount_minor });
    const afterFirst = await details(organiser.token, id);
    expect(afterFirst.payment_plan.parts[1]).toMatchObject({ state: 'paid', paid_by: 'Mohammed Rahman', payment_id: first.id });
    expect(afterFirst.payments.find((payment: { id: string }) => payment.id === first.id)).toMatchObject({ part: 'instalment-1', paid_by: 'Mohammed Rahman' });
    expect(afterFirst.status).toBe('submitted');
    // Both are told: the applicant and the companion who paid.
    expect((await notificationsOf(organiser.token)).items.map((n: { type: string }) => n.type)).toContain('instalment_paid');
    expect((await notificationsOf(member.token)).items.map((n: { type: string }) => n.type)).toContain('instalment_paid');

    // The receipt: for the payer and the applicant, naming the part and the payer; nobody else.
    for (const token of [member.token, organiser.token]) {
      const receipt = await call(receiptRoute.GET, { token, params: { id: first.id } });
      expect(receipt.status).toBe(200);
      expect(receipt.headers.get('content-disposition')).toContain('instalment-1');
    }
    // The companion who paid cannot delete their account while the request they paid for is under way: the
    // payment would go with it and the applicant's request would read as unpaid.
    const erase = await call(meRoute.DELETE, { method: 'DELETE', token: member.token });
    expect(erase.status).toBe(409);
    expect(erase.json!.error.message).toContain(afterFirst.reference);
    // Nor the applicant, whose request holds the companion's money.
    expect((await call(meRoute.DELETE, { method: 'DELETE', token: organiser.token })).status).toBe(409);
    expect((await details(organiser.token, id)).payment_plan.parts[1].state).toBe('paid');
    const stranger = await newUser('Stranger');
    expect((await call(receiptRoute.GET, { token: stranger.token, params: { id: first.id } })).status).toBe(404);
    expect((await start(stranger.token, id)).status).toBe(404);
  });

  it('reminds 7 days and 1 day before a due date, once each; a part missed past the grace cancels, refunds the instalments paid, keeps the deposit and frees the places', async () => {
    const admin = await signedInStaff('admin');
    await setPlan(admin.cookie, { deposit_percent: 20, instalments: [{ percent: 30, due: hijriFromNow(2) }, { percent: 50, due: hijriFromNow(4) }] });
    const { token } = await newUser('Aisha Rahman');
    const { id } = await sent(token);
    const deposit = await pay(token, id, 'deposit');
    const first = await pay(token, id, 'instalment-1');
    const second = ((await details(token, id)).payment_plan.parts as Part[])[2]!;
    const due = Date.parse(second.due_at!);
    const [before] = await queryRows<{ held: number }>(sql`select held from package_places where type_id = 'hajj' and package = 'standard'`);

    // Far from the date: nothing. A week before: one reminder, however often the sweep runs. A day before: the second.
    // (The sweep sees every request of this file's database: what is checked is this pilgrim's.)
    const reminders = async () => (await notificationsOf(token)).items.filter((n: { type: string }) => n.type === 'instalment_due');
    await applyInstalmentDeadlines(new Date(due - 10 * DAY));
    expect(await reminders()).toHaveLength(0);
    await applyInstalmentDeadlines(new Date(due - 6 * DAY));
    await applyInstalmentDeadlines(new Date(due - 5 * DAY));
    expect(await reminders()).toHaveLength(1);
    await applyInstalmentDeadlines(new Date(due - DAY / 2));
    expect((await reminders()).map((n: { title: string }) => n.title)).toEqual([expect.stringContaining('due tomorrow'), expect.stringContaining('due in a week')]);

    // Within the grace: still open. Past it: cancelled by the system.
    await applyInstalmentDeadlines(new Date(due + 2 * DAY));
    expect((await details(token, id)).status).toBe('submitted');
    await applyInstalmentDeadlines(new Date(due + 4 * DAY));
    await refundDue(id);
    const closed = await details(token, id);
    expect(closed.status).toBe('cancelled');
    expect(closed.history.at(-1)).toMatchObject({ to: 'cancelled', actor: 'system' });
    const states = Object.fromEntries((closed.payments as { id: string; status: string; refund_reason: string | null }[]).map((p) => [p.id, [p.status, p.refund_reason]]));
    expect(states[deposit.id]).toEqual(['kept', null]);
    expect(states[first.id]).toEqual(['refunded', 'instalment_missed']);
    expect(closed.payment_plan.outstanding_minor).toBe(0);
    const [after] = await queryRows<{ held: number }>(sql`select held from package_places where type_id = 'hajj' and package = 'standard'`);
    // Its two places are back (the sweep also closed the earlier test's request, late by then too).
    expect(await queryRows(sql`select 1 from place_holds where request_id = ${id}`)).toHaveLength(0);
    expect(after!.held).toBeLessThanOrEqual(before!.held - 2);
    // One notice says why, in the pilgrim's language, with what goes back.
    const missed = (await notificationsOf(token, 'ar')).items.find((n: { type: string }) => n.type === 'instalment_missed');
    expect(missed!.body).toContain('يُحتفظ بالعربون');
    expect(missed!.body).toMatch(/سنعيد/);
    expect((await notificationsOf(token)).items.filter((n: { type: string }) => n.type === 'status_changed')).toHaveLength(0);
  });

  it('an office refund of a request paid in parts comes from the latest payments first, never more through one than it took', async () => {
    const admin = await signedInStaff('admin');
    await setPlan(admin.cookie, { deposit_percent: 20, instalments: [{ percent: 40, due: hijriFromNow(2) }, { percent: 40, due: hijriFromNow(4) }] });
    const { token } = await newUser();
    const { id } = await sent(token);
    const deposit = await pay(token, id, 'deposit');
    const first = await pay(token, id, 'instalment-1');
    // All that was paid is what can go back (both parts), not the first payment alone.
    const finance = await signedInStaff('finance', 'First Finance');
    const tooMuch = await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: finance.cookie, params: { id }, body: { status: 'cancelled', note: 'Asked by the family', refund_minor: deposit.amount_minor + first.amount_minor + 1 }, locale: 'en' });
    expect(tooMuch.status).toBe(422);
    // Less than all: the instalment in full, the rest from the deposit.
    const proposed = await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: finance.cookie, params: { id }, body: { status: 'cancelled', note: 'Asked by the family', refund_minor: first.amount_minor + 10_000 }, locale: 'en' });
    expect(proposed.status).toBe(200);
    const second = await signedInStaff('finance', 'Second Finance');
    expect((await consoleCall(approvalRoute.POST, { method: 'POST', staffCookie: second.cookie, params: { id }, body: { decision: 'approve' }, locale: 'en' })).status).toBe(200);
    await refundDue(id);
    const rows = await queryRows<{ id: string; status: string; refund_amount_minor: number | null }>(sql`select id, status, refund_amount_minor from payments where request_id = ${id} and status <> 'voided' order by created_at`);
    expect(rows).toEqual([
      { id: deposit.id, status: 'refunded', refund_amount_minor: 10_000 },
      { id: first.id, status: 'refunded', refund_amount_minor: null },
    ]);
  });

  it('an instalment checkout in flight is left to its payer: reconciliation keeps it open, the sweep waits for it, another payer is asked to wait', async () => {
    const admin = await signedInStaff('admin');
    await setPlan(admin.cookie, { deposit_percent: 20, instalments: [{ percent: 80, due: hijriFromNow(2) }] });
    const organiser = await newUser('Organiser Family');
    const { id } = await sent(organiser.token);
    await pay(organiser.token, id, 'deposit');
    const member = await companionOn(organiser.token, id);
    const open = (await start(organiser.token, id, 'instalment-1')).json!.data as { id: string; redirect_url: string };
    // The companion may not take over, nor stop, the applicant's checkout.
    const other = await start(member.token, id, 'instalment-1');
    expect(other.status).toBe(409);
    expect(other.json!.error.code).toBe('conflict');
    // Reconciliation, a few minutes on: the request (sent to the office) still awaits this part, so the checkout stays open.
    await queryRows(sql`update payments set updated_at = now() - interval '5 minutes' where id = ${open.id}`);
    await reconcilePayments();
    expect((await queryRows<{ status: string }>(sql`select status from payments where id = ${open.id}`))[0]!.status).toBe('pending');
    // Past the grace with the checkout still open: the sweep waits rather than cancel a part being paid.
    const due = Date.parse(((await details(organiser.token, id)).payment_plan.parts as Part[])[1]!.due_at!);
    await applyInstalmentDeadlines(new Date(due + 4 * DAY));
    expect((await details(organiser.token, id)).status).toBe('submitted');
    // Paid at last: recorded, not refunded.
    await payOnTestGateway(open.redirect_url.split('/').pop()!, TEST_CARDS.success);
    expect((await call(paymentRoute.GET, { token: organiser.token, params: { id: open.id } })).json!.data.status).toBe('paid');
    expect((await details(organiser.token, id)).payment_plan.outstanding_minor).toBe(0);
  });

  it('the whole fee when the pilgrim chooses it; the deposit refused once the dates are too near', async () => {
    const admin = await signedInStaff('admin');
    await setPlan(admin.cookie, { deposit_percent: 20, instalments: [{ percent: 80, due: hijriFromNow(2) }] });
    const { token } = await newUser();
    const { id, fee } = await sent(token);
    // Changed their mind at the checkout: the deposit's checkout is stopped, the whole fee's started.
    expect((await start(token, id, 'deposit')).json!.data.amount_minor).toBe(Math.floor(fee * 0.2));
    const full = await pay(token, id, 'full');
    expect(full).toMatchObject({ status: 'paid', part: 'full', amount_minor: fee });
    const paid = await details(token, id);
    expect(paid.payment_plan).toMatchObject({ choice: 'full', outstanding_minor: 0 });
    expect(paid.payment_plan.parts).toEqual([expect.objectContaining({ part: 'full', state: 'paid' })]);
    expect((await start(token, id, 'instalment-1')).status).toBe(409);

    // An instalment due within a week of the pay-by time (the office set it earlier, or time passed): no deposit offered,
    // and asking for one is refused, in the pilgrim's language.
    const late = await newUser();
    const { id: lateId } = await sent(late.token);
    await queryRows(sql`update request_types set payment_plan = ${JSON.stringify({ deposit_percent: 20, instalments: [{ percent: 80, due: hijriFromNow(0, 1) }] })}::jsonb where id = 'hajj'`);
    expect((await details(late.token, lateId)).payment_plan).toMatchObject({ deposit_offered: false, parts: [expect.objectContaining({ part: 'full' })] });
    const refused = await start(late.token, lateId, 'deposit', 'ar');
    expect(refused.status).toBe(409);
    expect(refused.json!.error.message).toContain('عربون');
  });
});
