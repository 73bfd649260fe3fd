import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { newUser } from '@/test/accounts';
import { consoleCall, paidRequest, signedInStaff, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import { composeAccountMail } from '@/lib/server/mail/content';
import { renderMail } from '@/lib/server/mail/render';
import * as queueRoute from './requests/route';
import * as reviewRoute from './requests/[id]/review/route';
import * as refundApprovalRoute from './requests/[id]/refund-approval/route';
import * as dashboardRoute from './dashboard/route';

// Issue 63, item 4: a refund waiting for a second member is noticed by those who may approve it: on the dashboard,
// as a queue filter, and by e-mail.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

const dashboard = async (cookie: string) => (await consoleCall(dashboardRoute.GET, { staffCookie: cookie })).json!.data;
const queue = (cookie: string, query: string) => consoleCall(queueRoute.GET, { staffCookie: cookie, path: `/api/v1/office/requests${query}` });
const outboxTo = (email: string) => queryRows<{ kind: string; params: Record<string, string> }>(sql`select kind, params from mail_outbox where to_address = ${email} and kind = 'staff_refund_proposed'`);
const emailOf = async (id: string) => (await queryRows<{ email: string }>(sql`select email from staff where id = ${id}`))[0]!.email;

describe('a refund awaiting approval', () => {
  it('is on the dashboard and behind a queue filter for those who may approve it, and they are told by e-mail in their language; the proposer is not', async () => {
    const proposer = await signedInStaff('finance', 'Khalid Proposer');
    const second = await signedInStaff('finance', 'Huda Second');
    const admin = await signedInStaff('admin', 'Amina Admin');
    const reviewer = await signedInStaff('reviewer', 'Rami Reviewer');
    await queryRows(sql`update staff set locale = 'en' where id = ${second.id}`);
    const pilgrim = await newUser();
    const paid = await paidRequest(pilgrim.token);
    const other = await paidRequest((await newUser()).token);

    // Nothing waits yet.
    expect((await dashboard(second.cookie)).refunds_awaiting_approval).toEqual({ count: 0, requests: [] });
    const proposed = await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: proposer.cookie, params: { id: paid.id }, body: { status: 'cancelled', note: 'Asked by phone.', refund_minor: '100000' } });
    expect(proposed.status).toBe(200);

    // The dashboard: for another finance member and an admin; the proposer cannot approve it, a reviewer may not.
    for (const member of [second, admin]) {
      expect((await dashboard(member.cookie)).refunds_awaiting_approval).toMatchObject({
        count: 1,
        requests: [{ id: paid.id, reference: paid.reference, amount_minor: 100000, currency: 'SAR', proposed_by: { id: proposer.id, name: 'Khalid Proposer' } }],
      });
    }
    expect((await dashboard(proposer.cookie)).refunds_awaiting_approval).toEqual({ count: 0, requests: [] });
    expect((await dashboard(reviewer.cookie)).refunds_awaiting_approval).toBeNull();

    // The queue's filter: only the request whose refund waits.
    const filtered = await queue(second.cookie, '?refund=awaiting');
    expect(filtered.status).toBe(200);
    expect(filtered.json!.data.map((item: { id: string }) => item.id)).toEqual([paid.id]);
    expect((await queue(second.cookie, '')).json!.data.map((item: { id: string }) => item.id)).toEqual(expect.arrayContaining([paid.id, other.id]));
    const bad = await queue(second.cookie, '?refund=yes');
    expect(bad.status).toBe(422);

    // Told by e-mail: each who may approve, in their own language; not the proposer, not a reviewer.
    const toSecond = await outboxTo(await emailOf(second.id));
    expect(toSecond).toHaveLength(1);
    expect(toSecond[0]!.params).toMatchObject({ name: 'Huda Second', locale: 'en', request_id: paid.id, reference: paid.reference, amount_minor: '100000', currency: 'SAR', reason: 'cancel', proposer: 'Khalid Proposer' });
    expect(await outboxTo(await emailOf(admin.id))).toHaveLength(1);
    expect(await outboxTo(await emailOf(proposer.id))).toEqual([]);
    expect(await outboxTo(await emailOf(reviewer.id))).toEqual([]);

    // What it says, in both languages: the amount, the reference, who proposed it, and a link to the request from APP_URL.
    const en = composeAccountMail('staff_refund_proposed', 'en', toSecond[0]!.params);
    expect(en.subject.replace(/\s/gu, ' ')).toBe('A refund of SAR 1,000.00 awaits your approval');
    const { text } = await renderMail(en.content);
    expect(text.replace(/\s/gu, ' ')).toContain('Khalid Proposer proposed a refund of SAR 1,000.00 on request');
    expect(text).toContain(paid.reference);
    expect(text).toContain(`http://localhost:3000/en/office/requests/${paid.id}`);
    const ar = composeAccountMail('staff_refund_proposed', 'ar', { ...toSecond[0]!.params, locale: 'ar' });
    expect(ar.subject).toMatch(/^استرداد .*١٬٠٠٠٫٠٠.* بانتظار موافقتك$/);
    expect((await renderMail(ar.content)).text).toContain('اقترح Khalid Proposer استرداد');

    // Approved, it leaves the dashboard and the filter.
    expect((await consoleCall(refundApprovalRoute.POST, { method: 'POST', staffCookie: second.cookie, params: { id: paid.id }, body: { decision: 'approve' } })).status).toBe(200);
    expect((await dashboard(admin.cookie)).refunds_awaiting_approval).toEqual({ count: 0, requests: [] });
    expect((await queue(second.cookie, '?refund=awaiting')).json!.data).toEqual([]);
  });
});
