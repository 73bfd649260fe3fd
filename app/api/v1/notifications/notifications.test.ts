import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { paidAtCounter, submittedRequest } from '@/test/requests';
import { notificationsOf } from '@/test/notifications';
import { getDb, queryRows } from '@/lib/server/db/client';
import { mailOutbox, notifications } from '@/lib/server/db/schema';
import { resetEnvForTests } from '@/lib/server/env';
import { notify } from '@/lib/server/notifications/notify';
import { reopenRequest } from '@/lib/server/requests/requests';
import { officeMove } from '@/lib/server/requests/office-moves';
import { payOnTestGateway, TEST_CARDS } from '@/lib/server/payments/test-gateway';
import { applyPaymentDeadlines } from '@/lib/server/payments/deadlines';
import * as listRoute from './route';
import * as readRoute from './[id]/read/route';
import * as readAllRoute from './read-all/route';
import * as startPaymentRoute from '../requests/[id]/payments/route';
import * as paymentRoute from '../payments/[id]/route';
import * as submitRoute from '../requests/[id]/submit/route';

withTestDatabase();

afterEach(() => {
  delete process.env.PAYMENT_DEADLINE_HOURS;
  resetEnvForTests();
});

async function pay(token: string, id: string, card: string, key: string) {
  const payment = (await call(startPaymentRoute.POST, { token, params: { id }, body: {}, headers: { 'idempotency-key': key } })).json!.data;
  await payOnTestGateway(payment.redirect_url.split('/').pop()!, card);
  return call(paymentRoute.GET, { token, params: { id: payment.id } });
}

describe('GET /notifications', () => {
  it('welcomes a new user, in the reader’s language, as unread', async () => {
    const { token } = await newUser('Aisha Rahman');
    const en = await notificationsOf(token, 'en');
    expect(en.meta).toMatchObject({ unread_count: 1, total: 1, page: 1, per_page: 20 });
    expect(en.items[0]).toMatchObject({ type: 'welcome', title: 'Welcome, Aisha Rahman', read: false, link: '/profile/requests/create', request_id: null });
    const ar = await notificationsOf(token, 'ar');
    expect(ar.items[0]!.title).toBe('أهلًا بك يا Aisha Rahman');
  });

  it('is refused without a session (401), and shows nobody else’s notifications', async () => {
    expect((await call(listRoute.GET, {})).status).toBe(401);
    const first = await newUser();
    const second = await newUser();
    await submittedRequest(first.token);
    const seen = await notificationsOf(second.token);
    expect(seen.items.map((n) => n.type)).toEqual(['welcome']);
  });

  it('tells every move of a request, newest first, each linked to the request', async () => {
    const { token } = await newUser();
    const { id, reference } = await submittedRequest(token);
    await paidAtCounter(id);
    await officeMove(id, 'under_review', 'Checking the passports');
    await officeMove(id, 'changes_requested', 'Please upload a clearer passport photo');
    const { items, meta } = await notificationsOf(token);
    expect(items.map((n) => n.type)).toEqual(['changes_requested', 'status_changed', 'payment_succeeded', 'request_submitted', 'welcome']);
    expect(meta.unread_count).toBe(5);
    expect(items[0]).toMatchObject({ request_id: id, link: `/profile/requests/details/${id}` });
    expect(items[0]!.title).toBe(`Changes needed on request ${reference}`);
    expect(items[0]!.body).toBe('The office asks you to update your request: Please upload a clearer passport photo');
    expect(items[1]!.title).toBe(`Request ${reference}: Being reviewed by the office`);
    expect(items[1]!.body).toContain('Note from the office: Checking the passports');
    // Paid at the office counter: told as a gateway payment is.
    expect(items[2]!.title).toBe(`Payment received for ${reference}`);
    // The fee of two pilgrims and a deadline in Hijri with the Gregorian date.
    expect(items[3]!.title).toBe(`Pay to send your request ${reference}`);
    expect(items[3]!.body).toMatch(/^Pay the fee of SAR\s30,000\.00 by [A-Za-z ]+ \d{1,2}, 14\d\d AH at \d{1,2}:\d\d\s[AP]M \([A-Za-z]+ \d{1,2}, 20\d\d\) to send your request to the office\.$/);
    const ar = await notificationsOf(token, 'ar');
    expect(ar.items[3]!.title).toBe(`ادفع لإرسال طلبك ${reference}`);
    expect(ar.items[3]!.body).toContain('٣٠٬٠٠٠٫٠٠');
  });

  it('tells a failed and then a successful payment, and the reminder and expiry of an unpaid request', async () => {
    const { token } = await newUser();
    const { id, reference } = await submittedRequest(token);
    expect((await pay(token, id, TEST_CARDS.declined, 'k1')).json!.data.status).toBe('failed');
    expect((await pay(token, id, TEST_CARDS.success, 'k2')).json!.data.status).toBe('paid');
    const paid = await notificationsOf(token);
    expect(paid.items.slice(0, 2).map((n) => n.type)).toEqual(['payment_succeeded', 'payment_failed']);
    expect(paid.items[0]!.body).toMatch(new RegExp(`^We received SAR\\s30,000\\.00 for ${reference}: the fee is paid in full\\. Your request has been sent to the office for review\\.$`));
    expect(paid.items[1]!.body).toContain('The bank declined the card.');

    const other = await newUser();
    const unpaid = await submittedRequest(other.token);
    const db = await getDb();
    await db.execute(sql`update requests set submitted_at = now() - interval '50 hours' where id = ${unpaid.id}`);
    await applyPaymentDeadlines();
    await applyPaymentDeadlines();
    await db.execute(sql`update requests set submitted_at = now() - interval '73 hours' where id = ${unpaid.id}`);
    await applyPaymentDeadlines();
    const types = (await notificationsOf(other.token)).items.map((n) => n.type);
    expect(types).toEqual(['request_expired', 'payment_reminder', 'request_submitted', 'welcome']);
    expect(reference).toMatch(/^HJ-/);
  });

  it('pages by 20', async () => {
    const { token, user } = await newUser();
    const db = await getDb();
    for (let i = 0; i < 24; i += 1) await notify(db, { userId: user.id, type: 'welcome', params: { name: `n${i}` } });
    const first = await call(listRoute.GET, { token, locale: 'en' });
    expect(first.json!.data).toHaveLength(20);
    expect(first.json!.data[0].title).toBe('Welcome, n23');
    expect(first.json!.meta).toMatchObject({ total: 25, unread_count: 25 });
    const second = await call(listRoute.GET, { token, locale: 'en', path: '/api/v1/notifications?page=2' });
    expect(second.json!.data).toHaveLength(5);
    expect(second.json!.data[4].title).toBe('Welcome, Aisha Rahman');
    // The counts cover every notification of the user, whatever the page, and a page past the end still has them.
    await db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.userId, user.id));
    await notify(db, { userId: user.id, type: 'welcome', params: { name: 'unread' } });
    const afterReading = await call(listRoute.GET, { token, locale: 'en', path: '/api/v1/notifications?page=2' });
    expect(afterReading.json!.meta).toEqual({ page: 2, per_page: 20, total: 26, unread_count: 1 });
    const past = await call(listRoute.GET, { token, locale: 'en', path: '/api/v1/notifications?page=3' });
    expect(past.json!.data).toEqual([]);
    expect(past.json!.meta).toEqual({ page: 3, per_page: 20, total: 26, unread_count: 1 });
    const bad = await call(listRoute.GET, { token, locale: 'en', path: '/api/v1/notifications?page=0' });
    expect(bad.status).toBe(422);
  });
});

describe('one application’s notices within the same minute (issue 40, item 4)', () => {
  const mailsOf = async (notificationId: string) => (await (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.notificationId, notificationId))).length;

  it('are not repeated: sent, changed and sent again, the pilgrim reads "Pay to send" once, with the latest deadline', async () => {
    const { token, user } = await newUser();
    const { id, reference } = await submittedRequest(token);
    const first = (await notificationsOf(token)).items.find((n) => n.type === 'request_submitted')!;
    await call(readRoute.POST, { token, params: { id: first.id }, body: {} });
    const db = await getDb();
    // The first pay-by time, an hour earlier, so the second send's deadline differs.
    await db.execute(sql`update requests set submitted_at = submitted_at - interval '1 hour' where id = ${id}`);
    await db.execute(sql`update notifications set params = params || '{"deadline": "2020-01-01T00:00:00.000Z"}' where id = ${first.id}`);
    await reopenRequest(user.id, id);
    const again = await call(submitRoute.POST, { token, params: { id }, body: {} });
    expect(again.status).toBe(200);

    const { items, meta } = await notificationsOf(token);
    const told = items.filter((n) => n.type === 'request_submitted');
    expect(told).toHaveLength(1);
    // The same notice brought up to date: the new deadline, unread again, at the top.
    expect(told[0]!.id).toBe(first.id);
    expect(told[0]!.read).toBe(false);
    expect(items[0]!.id).toBe(first.id);
    expect(told[0]!.title).toBe(`Pay to send your request ${reference}`);
    expect(told[0]!.body).not.toContain('2020');
    expect(meta.total).toBe(items.length);
    // The first e-mail had not gone yet: still one, written from the row when it goes (the latest).
    expect(await mailsOf(first.id)).toBe(1);
  });

  it('an exact repeat sends nothing more; news after the e-mail went is e-mailed; another status or a minute later is a new notice', async () => {
    const { token, user } = await newUser();
    const { id, reference } = await submittedRequest(token);
    const db = await getDb();
    const failed = { userId: user.id, type: 'payment_failed' as const, requestId: id };
    const params = { reference, amount_minor: 30_000_00, currency: 'SAR' };
    const first = await notify(db, { ...failed, params: { ...params, reason: 'declined' } });
    await notify(db, { ...failed, params: { reason: 'declined', ...params } });
    expect(await mailsOf(first.id)).toBe(1);
    // The e-mail went (the outbox row is gone once sent); then another card fails otherwise: e-mailed again.
    await db.delete(mailOutbox).where(eq(mailOutbox.notificationId, first.id));
    const second = await notify(db, { ...failed, params: { ...params, reason: 'insufficient_funds' } });
    expect(second.id).toBe(first.id);
    expect(await mailsOf(first.id)).toBe(1);
    const told = (await notificationsOf(token)).items.filter((n) => n.type === 'payment_failed');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('The card has insufficient funds.');

    // Another status is other news, within the minute too.
    const moved = { userId: user.id, type: 'status_changed' as const, requestId: id };
    const reviewing = await notify(db, { ...moved, params: { reference, status: 'under_review' } });
    const approved = await notify(db, { ...moved, params: { reference, status: 'approved' } });
    expect(approved.id).not.toBe(reviewing.id);

    await db.execute(sql`update notifications set created_at = now() - interval '61 seconds' where id = ${first.id}`);
    const later = await notify(db, { ...failed, params: { ...params, reason: 'declined' } });
    expect(later.id).not.toBe(first.id);
    expect((await notificationsOf(token)).items.filter((n) => n.type === 'payment_failed')).toHaveLength(2);
  });
});

describe('reading notifications', () => {
  it('marks one read for its owner only; someone else’s is a 404 and stays unread', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const [welcome] = (await notificationsOf(owner.token)).items;
    expect((await call(readRoute.POST, { token: stranger.token, params: { id: welcome!.id }, body: {} })).status).toBe(404);
    expect((await notificationsOf(owner.token)).meta.unread_count).toBe(1);
    expect((await call(readRoute.POST, { params: { id: welcome!.id }, body: {} })).status).toBe(401);
    expect((await call(readRoute.POST, { token: owner.token, params: { id: 'not-an-id' }, body: {} })).status).toBe(404);

    const read = await call(readRoute.POST, { token: owner.token, params: { id: welcome!.id }, body: {}, locale: 'en' });
    expect(read.status).toBe(200);
    expect(read.json!.data).toMatchObject({ id: welcome!.id, read: true });
    expect(read.json!.meta.unread_count).toBe(0);
    // Reading it twice is harmless.
    expect((await call(readRoute.POST, { token: owner.token, params: { id: welcome!.id }, body: {} })).status).toBe(200);
  });

  it('marks all read, only the caller’s', async () => {
    const owner = await newUser();
    const other = await newUser();
    await submittedRequest(owner.token);
    expect((await notificationsOf(owner.token)).meta.unread_count).toBe(2);
    const all = await call(readAllRoute.POST, { token: owner.token, body: {} });
    expect(all.status).toBe(200);
    expect(all.json).toEqual({ data: { marked: 2 }, meta: { unread_count: 0 } });
    expect((await notificationsOf(owner.token)).items.every((n) => n.read)).toBe(true);
    expect((await notificationsOf(other.token)).meta.unread_count).toBe(1);
    expect((await call(readAllRoute.POST, { body: {} })).status).toBe(401);
  });

  it('a notification is written with its event or not at all', async () => {
    const { user } = await newUser();
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, { userId: user.id, type: 'welcome', params: { name: 'x' } });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    const rows = await queryRows<{ n: number }>(sql`select count(*)::int as n from notifications where user_id = ${user.id}`);
    expect(rows[0]!.n).toBe(1);
  });
});
