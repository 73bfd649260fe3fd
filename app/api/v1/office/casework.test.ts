import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { notificationsOf } from '@/test/notifications';
import { consoleCall, consoleInvitedStaff, paidRequest, signedInStaff, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import { formatHijri, gregorianToHijri } from '@/lib/validation/hijri';
import * as queueRoute from './requests/route';
import * as viewRoute from './requests/[id]/route';
import * as assignRoute from './requests/[id]/assign/route';
import * as reviewRoute from './requests/[id]/review/route';
import * as refundApprovalRoute from './requests/[id]/refund-approval/route';
import * as bulkRoute from './requests/bulk/route';
import * as savedFiltersRoute from './saved-filters/route';
import * as savedFilterRoute from './saved-filters/[id]/route';
import * as calendarRoute from './calendar/route';
import * as catalogueRoute from './catalogue/[id]/route';
import * as dashboardRoute from './dashboard/route';
import * as submitRoute from '../requests/[id]/submit/route';
import * as pilgrimRequestRoute from '../requests/[id]/route';

// Issue 41: the office at 300 requests a day, through its API on the database.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

const post = (handler: Parameters<typeof consoleCall>[0], cookie: string, body: unknown, id?: string, locale: 'en' | 'ar' = 'en') =>
  consoleCall(handler, { method: 'POST', staffCookie: cookie, params: id ? { id } : undefined, body, locale });
const queue = (cookie: string, query = '') => consoleCall(queueRoute.GET, { staffCookie: cookie, path: `/api/v1/office/requests${query}` });
const view = async (cookie: string, id: string) => (await consoleCall(viewRoute.GET, { staffCookie: cookie, params: { id } })).json!.data;
async function clock(id: string) {
  const [row] = await queryRows<{ due_at: Date | string | null; clock_left_seconds: number | null }>(sql`select due_at, clock_left_seconds from requests where id = ${id}`);
  return { due_at: row!.due_at === null ? null : new Date(row!.due_at), clock_left_seconds: row!.clock_left_seconds === null ? null : Number(row!.clock_left_seconds) };
}
const hijriIn = (days: number) => formatHijri(gregorianToHijri(new Date(Date.now() + days * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10)));
/** Gives a request's applicant (and companion) identifiers of their own, so only the duplicates a test makes are found. */
async function identify(id: string, applicant: Record<string, string>, companion: Record<string, string> = {}) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const base = { passport_number: `P${tag}`, national_id: `9${tag}`, name_latin: `Pilgrim ${tag}`, date_of_birth: '01-01-1400' };
  const other = { passport_number: `C${tag}`, national_id: `8${tag}`, name_latin: `Companion ${tag}`, date_of_birth: '02-02-1402' };
  await queryRows(sql`update requests set data = jsonb_set(jsonb_set(data, '{applicant}', data -> 'applicant' || ${JSON.stringify({ ...base, ...applicant })}::jsonb),
    '{companions,0}', data -> 'companions' -> 0 || ${JSON.stringify({ ...other, ...companion })}::jsonb) where id = ${id}`);
}

describe('the review clock', () => {
  it('runs from sending on the office calendar, pauses while changes are asked, resumes with the time it had left, and stops at a decision', async () => {
    const reviewer = await signedInStaff('reviewer', 'Clock Reviewer');
    const pilgrim = await newUser();
    const paid = await paidRequest(pilgrim.token);
    const started = await clock(paid.id);
    // Five working days (Sunday to Thursday) from sending: at least seven calendar days less a day, never more than nine.
    const days = (started.due_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(4);
    expect(days).toBeLessThan(9.1);
    const listed = (await queue(reviewer.cookie, `?q=${paid.reference}`)).json!.data[0];
    expect(listed).toMatchObject({ due_at: started.due_at!.toISOString(), overdue: false });

    // Changes asked: paused, with what it had left; the pilgrim has the request.
    await post(reviewRoute.POST, reviewer.cookie, { status: 'changes_requested', note: 'Fix it.', flags: { applicant: ['passport_number'] } }, paid.id);
    const paused = await clock(paid.id);
    expect(paused.due_at).toBeNull();
    expect(paused.clock_left_seconds).toBeGreaterThan(3 * 86_400);
    expect(paused.clock_left_seconds).toBeLessThanOrEqual(5 * 86_400);

    // A week later (as if), the pilgrim sends it again: the clock runs on with what it had left, not from the start.
    await queryRows(sql`update requests set clock_left_seconds = 86400 where id = ${paid.id}`);
    expect((await call(submitRoute.POST, { token: pilgrim.token, params: { id: paid.id }, body: {} })).json!.data.status).toBe('submitted');
    const resumed = await clock(paid.id);
    expect(resumed.clock_left_seconds).toBeNull();
    // One working day left: due within the next four calendar days (a weekend may fall between), not five working days.
    expect(resumed.due_at!.getTime() - Date.now()).toBeLessThan(4 * 86_400_000);

    // Overdue: shown in the queue, in my work first, and on the dashboard under the member.
    await consoleCall(assignRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id: paid.id }, body: { assign: 'me' } });
    await queryRows(sql`update requests set due_at = now() - interval '2 days' where id = ${paid.id}`);
    const mine = (await queue(reviewer.cookie, '?view=mine')).json!.data;
    expect(mine[0]).toMatchObject({ id: paid.id, overdue: true });
    expect((await queue(reviewer.cookie, '?view=all&overdue=1')).json!.data.map((item: { id: string }) => item.id)).toContain(paid.id);
    expect((await queue(reviewer.cookie, '?view=unassigned')).json!.data.map((item: { id: string }) => item.id)).not.toContain(paid.id);
    const dashboard = (await consoleCall(dashboardRoute.GET, { staffCookie: reviewer.cookie })).json!.data;
    expect(dashboard.overdue_by_reviewer).toContainEqual({ assigned_to: { id: reviewer.id, name: 'Clock Reviewer' }, count: 1 });

    // A decision stops it; this week's median time to a decision counts it.
    await post(reviewRoute.POST, reviewer.cookie, { status: 'approved' }, paid.id);
    expect(await clock(paid.id)).toEqual({ due_at: null, clock_left_seconds: null });
    const after = (await consoleCall(dashboardRoute.GET, { staffCookie: reviewer.cookie })).json!.data;
    expect(after.median_decision_hours).toEqual(expect.any(Number));
  });

  it('starts at payment for a service that counts from it, and counts in the calendar an admin sets', async () => {
    const admin = await signedInStaff('admin');
    const reviewer = await signedInStaff('reviewer');
    expect((await consoleCall(calendarRoute.PUT, { method: 'PUT', staffCookie: reviewer.cookie, body: { work_days: [0], holidays: [] } })).status).toBe(403);
    const changed = await consoleCall(catalogueRoute.PATCH, { method: 'PATCH', staffCookie: admin.cookie, params: { id: 'hajj' }, body: { review_days: 2, clock_from: 'paid' } });
    expect(changed.json!.data).toMatchObject({ review_days: 2, clock_from: 'paid' });
    // Every day a working day: two working days are two calendar days.
    const calendar = await consoleCall(calendarRoute.PUT, { method: 'PUT', staffCookie: admin.cookie, body: { work_days: [0, 1, 2, 3, 4, 5, 6], holidays: [hijriIn(30)] } });
    expect(calendar.json!.data).toEqual({ work_days: [0, 1, 2, 3, 4, 5, 6], holidays: [hijriIn(30)] });
    try {
      const pilgrim = await newUser();
      const paid = await paidRequest(pilgrim.token);
      const due = (await clock(paid.id)).due_at!.getTime() - Date.now();
      expect(Math.abs(due - 2 * 86_400_000)).toBeLessThan(60_000);
      const audit = await queryRows<{ action: string }>(sql`select action from audit_log where action = 'calendar.change' and staff_id = ${admin.id}`);
      expect(audit).toHaveLength(1);
    } finally {
      await consoleCall(catalogueRoute.PATCH, { method: 'PATCH', staffCookie: admin.cookie, params: { id: 'hajj' }, body: { review_days: 5, clock_from: 'sent' } });
      await consoleCall(calendarRoute.PUT, { method: 'PUT', staffCookie: admin.cookie, body: { work_days: [0, 1, 2, 3, 4], holidays: [] } });
    }
  });
});

describe('bulk actions', () => {
  it('assigns five as one by one would, lists back those that cannot, releases them, and notes them', async () => {
    const reviewer = await signedInStaff('reviewer', 'Bulk Reviewer');
    const colleague = await signedInStaff('reviewer', 'Bulk Colleague');
    const finance = await signedInStaff('finance');
    const pilgrim = await newUser();
    const ids = [];
    for (let i = 0; i < 4; i += 1) ids.push((await paidRequest(pilgrim.token)).id);
    const draft = (await call((await import('../requests/route')).POST, { token: pilgrim.token, body: { type: 'umrah' } })).json!.data.id as string;

    const assigned = await post(bulkRoute.POST, reviewer.cookie, { ids: [...ids, draft], action: 'assign', assign: 'me' });
    expect(assigned.status).toBe(200);
    expect(assigned.json!.data.done.map((item: { id: string }) => item.id)).toEqual(ids);
    expect(assigned.json!.data.refused).toEqual([{ id: draft, reference: null, code: 'not_found', message: expect.any(String) }]);
    const audit = await queryRows<{ target_id: string }>(sql`select target_id from audit_log where action = 'request.assign' and staff_id = ${reviewer.id}`);
    expect(audit.map((row) => row.target_id).sort()).toEqual([...ids].sort());
    expect((await view(reviewer.cookie, ids[0]!)).assigned_to).toEqual({ id: reviewer.id, name: 'Bulk Reviewer' });

    // To a colleague who reviews; never to finance (who does not review).
    const toColleague = await post(bulkRoute.POST, reviewer.cookie, { ids: ids.slice(0, 2), action: 'assign', assign: colleague.id });
    expect(toColleague.json!.data.done).toHaveLength(2);
    expect((await view(reviewer.cookie, ids[1]!)).assigned_to).toEqual({ id: colleague.id, name: 'Bulk Colleague' });
    const toFinance = await post(bulkRoute.POST, reviewer.cookie, { ids: ids.slice(0, 1), action: 'assign', assign: finance.id });
    expect(toFinance.json!.data.refused[0].code).toBe('validation_failed');

    expect((await post(bulkRoute.POST, finance.cookie, { ids, action: 'release' })).status).toBe(403);
    expect((await post(bulkRoute.POST, reviewer.cookie, { ids, action: 'release' })).json!.data.done).toHaveLength(4);
    expect((await view(reviewer.cookie, ids[0]!)).assigned_to).toBeNull();
    // A note is anyone's in the queue, finance too.
    expect((await post(bulkRoute.POST, finance.cookie, { ids, action: 'note', body: 'Called about the photos.' })).json!.data.done).toHaveLength(4);
    expect((await view(reviewer.cookie, ids[3]!)).notes.at(-1)).toMatchObject({ body: 'Called about the photos.' });
    // What is missing is said on its field.
    expect((await post(bulkRoute.POST, reviewer.cookie, { ids, action: 'note' })).json!.error.fields).toHaveProperty('body');
  });
});

describe('duplicate pilgrims', () => {
  it('flags the same passport (with nationality) or national ID on two active requests, on both; a similar name with the same birth date as possible', async () => {
    const reviewer = await signedInStaff('reviewer');
    const pilgrim = await newUser();
    const [a, b, c, d] = [await paidRequest(pilgrim.token), await paidRequest(pilgrim.token), await paidRequest(pilgrim.token), await paidRequest(pilgrim.token)];
    await identify(a.id, { passport_number: 'X9988776', nationality: 'EG' });
    // The same passport written another way, same nationality: exact.
    await identify(b.id, { passport_number: 'x99-88 776', nationality: 'EG' });
    // The same number from another country: another passport.
    await identify(c.id, { passport_number: 'X9988776', nationality: 'PK' }, { national_id: '7000000001' });
    // c's companion is d's applicant by national ID; d's companion has a name one letter from a's applicant, born the same day.
    await identify(d.id, { national_id: '7000000001' }, { name_latin: 'Pilgrimm', date_of_birth: '01-01-1400' });
    await queryRows(sql`update requests set data = jsonb_set(data, '{applicant,name_latin}', '"Pilgrim"') where id = ${a.id}`);

    const ofA = (await view(reviewer.cookie, a.id)).duplicates;
    expect(ofA).toContainEqual({ request_id: b.id, reference: b.reference, status: 'submitted', pilgrim: 'applicant', other_pilgrim: 'applicant', field: 'passport_number', strength: 'exact' });
    expect(ofA.map((match: { request_id: string }) => match.request_id)).not.toContain(c.id);
    expect(ofA).toContainEqual(expect.objectContaining({ request_id: d.id, pilgrim: 'applicant', other_pilgrim: 'companion-0', field: 'name_and_birth', strength: 'possible' }));
    expect((await view(reviewer.cookie, c.id)).duplicates).toContainEqual(expect.objectContaining({ request_id: d.id, pilgrim: 'companion-0', other_pilgrim: 'applicant', field: 'national_id', strength: 'exact' }));

    // The queue's badge and filter: exact matches only.
    const flagged = (await queue(reviewer.cookie, `?duplicates=1&q=${encodeURIComponent(pilgrim.user.email)}`)).json!.data;
    expect(flagged.map((item: { id: string }) => item.id).sort()).toEqual([a.id, b.id, c.id, d.id].sort());
    expect(flagged.every((item: { possible_duplicate: boolean }) => item.possible_duplicate)).toBe(true);

    // A closed request is in nobody's way.
    await post(reviewRoute.POST, reviewer.cookie, { status: 'rejected', note: 'Applied twice.' }, b.id);
    expect((await view(reviewer.cookie, a.id)).duplicates.map((match: { request_id: string }) => match.request_id)).not.toContain(b.id);
    const listed = (await queue(reviewer.cookie, `?q=${a.reference}`)).json!.data[0];
    expect(listed.possible_duplicate).toBe(false);
  });
});

describe('four eyes on money', () => {
  it('a refund proposed by one finance member is approved by another, never the proposer; refused, nothing changes', async () => {
    const proposer = await signedInStaff('finance', 'Khalid Proposer');
    const second = await signedInStaff('finance', 'Huda Second');
    const admin = await signedInStaff('admin');
    const reviewer = await signedInStaff('reviewer');
    const pilgrim = await newUser();
    const paid = await paidRequest(pilgrim.token);
    const before = (await notificationsOf(pilgrim.token)).items.length;
    const fee = (await view(second.cookie, paid.id)).fee_minor as number;

    // More than was paid: refused on its field, in the reader's language.
    const tooMuch = await post(reviewRoute.POST, proposer.cookie, { status: 'cancelled', note: 'Asked by phone.', refund_minor: String(fee + 1) }, paid.id, 'ar');
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.json!.error.fields.refund_minor[0]).toMatch(/[\u0600-\u06FF]/);

    const partial = fee - 50_000;
    const proposed = await post(reviewRoute.POST, proposer.cookie, { status: 'cancelled', note: 'Asked by phone.', refund_minor: String(partial) }, paid.id);
    expect(proposed.json!.data.status).toBe('submitted');
    expect((await view(second.cookie, paid.id)).refund_proposal).toMatchObject({ amount_minor: partial, currency: 'SAR', note: 'Asked by phone.', proposed_by: { id: proposer.id, name: 'Khalid Proposer' } });
    expect((await notificationsOf(pilgrim.token)).items).toHaveLength(before);
    expect((await post(reviewRoute.POST, second.cookie, { status: 'cancelled', note: 'Again' }, paid.id)).status).toBe(409);

    // The proposer cannot approve it; a reviewer cannot either.
    const own = await post(refundApprovalRoute.POST, proposer.cookie, { decision: 'approve' }, paid.id);
    expect(own.status).toBe(403);
    expect(own.json!.error.message).toContain('another');
    expect((await post(refundApprovalRoute.POST, reviewer.cookie, { decision: 'approve' }, paid.id)).status).toBe(403);

    // Refused: the request as it was, the pilgrim told nothing.
    expect((await post(refundApprovalRoute.POST, admin.cookie, { decision: 'refuse' }, paid.id)).json!.data).toMatchObject({ decision: 'refused', request: { status: 'submitted' } });
    expect((await view(second.cookie, paid.id)).refund_proposal).toBeNull();
    expect((await notificationsOf(pilgrim.token)).items).toHaveLength(before);

    // Proposed again, approved by a second member: cancelled, the part proposed goes back, the pilgrim told.
    await post(reviewRoute.POST, proposer.cookie, { status: 'cancelled', note: 'Asked by phone.', refund_minor: String(partial) }, paid.id);
    const approved = await post(refundApprovalRoute.POST, second.cookie, { decision: 'approve' }, paid.id);
    expect(approved.json!.data).toMatchObject({ decision: 'approved', request: { status: 'cancelled' } });
    const payment = (await queryRows<{ status: string; refund_amount_minor: number }>(sql`select status, refund_amount_minor from payments where request_id = ${paid.id}`))[0]!;
    expect(payment).toEqual({ status: 'refunded', refund_amount_minor: partial });
    const told = (await notificationsOf(pilgrim.token)).items;
    expect(told.map((item) => item.type)).toEqual(expect.arrayContaining(['status_changed', 'payment_refunded']));
    expect(told.find((item) => item.type === 'payment_refunded')!.body).toContain((partial / 100).toLocaleString('en'));
    const actions = (await queryRows<{ action: string; staff_id: string }>(sql`select action, staff_id from audit_log where target_id = ${paid.id} and action like 'refund.%' order by id`)).map((row) => [row.action, row.staff_id]);
    expect(actions).toEqual([['refund.propose', proposer.id], ['refund.refuse', admin.id], ['refund.propose', proposer.id], ['refund.approve', second.id]]);
    // Nothing left to approve.
    expect((await post(refundApprovalRoute.POST, admin.cookie, { decision: 'approve' }, paid.id)).status).toBe(404);
  });

  it('a second signature is a second person: nobody in the proposer’s line of invitations approves their refund (issue 58, item 3)', async () => {
    // An admin (added with the operator's key) invites a finance member and an admin from the console; that admin invites another.
    const admin = await signedInStaff('admin', 'Amina Founder');
    const invitee = await consoleInvitedStaff(admin.cookie, 'finance', 'Faisal Invitee');
    const deputy = await consoleInvitedStaff(admin.cookie, 'admin', 'Dana Deputy');
    const grandchild = await consoleInvitedStaff(deputy.cookie, 'finance', 'Ghada Grandchild');
    // A finance member the operator added: outside that line.
    const outsider = await signedInStaff('finance', 'Omar Outsider');
    const pilgrim = await newUser();
    const paid = await paidRequest(pilgrim.token);

    // The admin proposes; the member they invited cannot approve it, nor one invited by their invitee; in both languages, 403.
    expect((await post(reviewRoute.POST, admin.cookie, { status: 'cancelled', note: 'Asked by phone.' }, paid.id)).json!.data.status).toBe('submitted');
    for (const member of [invitee, grandchild]) {
      const refused = await post(refundApprovalRoute.POST, member.cookie, { decision: 'approve' }, paid.id);
      expect(refused.status).toBe(403);
      expect(refused.json!.error).toEqual({
        code: 'forbidden',
        message: 'This refund was proposed by a member you invited to the staff, or who invited you (directly or through others): a member outside that line of invitations must approve it.',
      });
    }
    const arabic = await post(refundApprovalRoute.POST, invitee.cookie, { decision: 'approve' }, paid.id, 'ar');
    expect(arabic.status).toBe(403);
    expect(arabic.json!.error.message).toBe('اقترح هذا الاسترداد عضوٌ دعوتَه إلى الموظفين أو دعاك إليهم (مباشرةً أو عن طريق غيره): يجب أن يوافق عليه عضو من خارج سلسلة الدعوات هذه.');
    // Nothing moved, nothing went back, the pilgrim was told nothing; the proposal still waits.
    expect((await view(outsider.cookie, paid.id)).refund_proposal).toMatchObject({ proposed_by: { id: admin.id } });
    expect((await queryRows<{ status: string }>(sql`select status from payments where request_id = ${paid.id}`)).map((row) => row.status)).toEqual(['paid']);

    // Refusing moves no money: the invitee may refuse it. Proposed again by the grandchild, neither the deputy nor the founder may approve.
    expect((await post(refundApprovalRoute.POST, invitee.cookie, { decision: 'refuse' }, paid.id)).json!.data).toMatchObject({ decision: 'refused', request: { status: 'submitted' } });
    await post(reviewRoute.POST, grandchild.cookie, { status: 'cancelled', note: 'Asked again.' }, paid.id);
    for (const member of [deputy, admin]) expect((await post(refundApprovalRoute.POST, member.cookie, { decision: 'approve' }, paid.id)).status).toBe(403);
    // Members who share an inviter but did not invite each other (the founder's invitee, the deputy's) are each other's second pair of eyes.
    const approved = await post(refundApprovalRoute.POST, invitee.cookie, { decision: 'approve' }, paid.id);
    expect(approved.status).toBe(200);
    expect(approved.json!.data).toMatchObject({ decision: 'approved', request: { status: 'cancelled' } });
    const actions = (await queryRows<{ action: string; staff_id: string }>(sql`select action, staff_id from audit_log where target_id = ${paid.id} and action like 'refund.%' order by id`)).map((row) => [row.action, row.staff_id]);
    expect(actions).toEqual([['refund.propose', admin.id], ['refund.refuse', invitee.id], ['refund.propose', grandchild.id], ['refund.approve', invitee.id]]);
  });

  it('a member outside the proposer’s line of invitations approves it', async () => {
    const admin = await signedInStaff('admin', 'Amina Founder');
    const invitee = await consoleInvitedStaff(admin.cookie, 'finance', 'Faisal Invitee');
    const outsider = await signedInStaff('finance', 'Omar Outsider');
    const pilgrim = await newUser();
    const paid = await paidRequest(pilgrim.token);
    await post(reviewRoute.POST, invitee.cookie, { status: 'cancelled', note: 'Asked by phone.' }, paid.id);
    expect((await post(refundApprovalRoute.POST, admin.cookie, { decision: 'approve' }, paid.id)).status).toBe(403);
    const approved = await post(refundApprovalRoute.POST, outsider.cookie, { decision: 'approve' }, paid.id);
    expect(approved.json!.data).toMatchObject({ decision: 'approved', request: { status: 'cancelled' } });
    expect((await queryRows<{ status: string }>(sql`select status from payments where request_id = ${paid.id}`)).map((row) => row.status)).toEqual(['refunded']);
  });

  it('never refunds twice: a proposal the pilgrim overtook by cancelling is dropped', async () => {
    const proposer = await signedInStaff('finance');
    const second = await signedInStaff('finance');
    const pilgrim = await newUser();
    const paid = await paidRequest(pilgrim.token);
    await post(reviewRoute.POST, proposer.cookie, { status: 'cancelled', note: 'Asked by phone.' }, paid.id);
    const cancelRoute = await import('../requests/[id]/cancel/route');
    expect((await call(cancelRoute.POST, { token: pilgrim.token, params: { id: paid.id }, body: {} })).json!.data.status).toBe('cancelled');
    expect((await post(refundApprovalRoute.POST, second.cookie, { decision: 'approve' }, paid.id)).status).toBe(409);
    const rows = await queryRows<{ status: string }>(sql`select status from payments where request_id = ${paid.id}`);
    expect(rows.map((row) => row.status)).toEqual(['refunded']);
    expect((await view(second.cookie, paid.id)).refund_proposal).toBeNull();
  });
});

describe('speaking to the pilgrim', () => {
  it('sends a ready-made reason, a note and a deadline per flagged field, in the pilgrim’s language; shows old -> new after the resend', async () => {
    const reviewer = await signedInStaff('reviewer');
    const pilgrim = await newUser();
    await queryRows(sql`update users set locale = 'ar' where email = ${pilgrim.user.email}`);
    const paid = await paidRequest(pilgrim.token);
    const ask = (body: Record<string, unknown>) => post(reviewRoute.POST, reviewer.cookie, { status: 'changes_requested', note: 'Please fix.', flags: { applicant: ['passport_number', 'photo'] }, ...body }, paid.id);

    // A reason that is not the field's, and a deadline already past, are refused on their paths.
    const wrong = await ask({ flag_notes: { applicant: { passport_number: { reason: 'photo_unclear' } } }, changes_due: hijriIn(-2) });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.json!.error.fields)).toEqual(expect.arrayContaining(['changes_due']));
    const badReason = await ask({ flag_notes: { applicant: { passport_number: { reason: 'photo_unclear' } } } });
    expect(Object.keys(badReason.json!.error.fields)).toEqual(['flag_notes.applicant.passport_number.reason']);

    const due = hijriIn(5);
    const asked = await ask({ flag_notes: { applicant: { passport_number: { reason: 'passport_number_mismatch', note: 'Last digit' }, photo: { reason: 'photo_unclear' } } }, changes_due: due });
    expect(asked.json!.data.status).toBe('changes_requested');
    const office = await view(reviewer.cookie, paid.id);
    expect(office).toMatchObject({ pilgrim_locale: 'ar', flag_notes: { applicant: { passport_number: { reason: 'passport_number_mismatch', note: 'Last digit' }, photo: { reason: 'photo_unclear', note: null } } } });
    expect(office.changes_due_at).toEqual(expect.any(String));

    // The pilgrim reads it in Arabic: each field, its reason and note, and the deadline.
    const notice = (await notificationsOf(pilgrim.token, 'ar')).items.find((item) => item.type === 'changes_requested')!;
    expect(notice.body).toContain('رقم الجواز لا يطابق جواز السفر');
    expect(notice.body).toContain('Last digit');
    expect(notice.body).toContain('الصورة غير واضحة');
    expect(notice.body).toContain('يُرجى إرساله مرة أخرى قبل نهاية');
    // And in English, whoever reads it so.
    expect((await notificationsOf(pilgrim.token, 'en')).items.find((item) => item.type === 'changes_requested')!.body).toContain('Passport number (Main applicant): The passport number does not match the passport. Last digit');

    // The pilgrim's own view of the request carries the reasons, notes and deadline, for the form to show beside each field.
    const own = (await call(pilgrimRequestRoute.GET, { token: pilgrim.token, params: { id: paid.id } })).json!.data;
    expect(own.flag_notes).toEqual({ applicant: { passport_number: { reason: 'passport_number_mismatch', note: 'Last digit' }, photo: { reason: 'photo_unclear', note: null } } });
    expect(own.changes_due_at).toBe(office.changes_due_at);

    // The pilgrim corrects the number and sends it again: the office sees old -> new.
    const before = own.data.applicant.passport_number as string;
    const applicant = { ...own.data.applicant, passport_number: 'A7654399' };
    const saved = await call(pilgrimRequestRoute.PATCH, { method: 'PATCH', token: pilgrim.token, params: { id: paid.id }, body: { step: 'applicant', data: applicant, version: own.version, complete: true } });
    expect(saved.status).toBe(200);
    await call(submitRoute.POST, { token: pilgrim.token, params: { id: paid.id }, body: {} });
    expect((await view(reviewer.cookie, paid.id)).changes).toEqual([{ pilgrim: 'applicant', field: 'passport_number', old: before, new: 'A7654399' }]);
    // Sent again, the asks are over: the pilgrim's view no longer carries them.
    const resent = (await call(pilgrimRequestRoute.GET, { token: pilgrim.token, params: { id: paid.id } })).json!.data;
    expect(resent).toMatchObject({ flagged: null, flag_notes: null, changes_due_at: null });
  });
});

describe('saved filters', () => {
  it('keeps a member’s named filters, their own only', async () => {
    const member = await signedInStaff('reviewer');
    const other = await signedInStaff('reviewer');
    const saved = await post(savedFiltersRoute.POST, member.cookie, { name: 'Hajj, economy, overdue', query: 'type=hajj&package=economy&overdue=1&page=3' });
    expect(saved.status).toBe(201);
    expect(saved.json!.data).toMatchObject({ name: 'Hajj, economy, overdue', query: 'type=hajj&package=economy&overdue=1' });
    expect((await post(savedFiltersRoute.POST, member.cookie, { name: 'hajj, ECONOMY, overdue', query: 'type=hajj' })).status).toBe(409);
    expect((await post(savedFiltersRoute.POST, member.cookie, { name: 'Odd', query: 'type=cruise' })).status).toBe(422);
    expect((await consoleCall(savedFiltersRoute.GET, { staffCookie: member.cookie })).json!.data).toHaveLength(1);
    expect((await consoleCall(savedFiltersRoute.GET, { staffCookie: other.cookie })).json!.data).toHaveLength(0);
    const id = saved.json!.data.id as string;
    expect((await consoleCall(savedFilterRoute.DELETE, { method: 'DELETE', staffCookie: other.cookie, params: { id } })).status).toBe(404);
    expect((await consoleCall(savedFilterRoute.DELETE, { method: 'DELETE', staffCookie: member.cookie, params: { id } })).status).toBe(204);
  });
});
