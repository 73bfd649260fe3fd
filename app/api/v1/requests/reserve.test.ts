import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { packagePlaces } from '@/test/places';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { readyDraft } from '@/test/requests';
import { cancelWithRefund, consoleCall, paidRequest, signedInStaff, useOpsKey } from '@/test/staff';
import { getDb, queryRows } from '@/lib/server/db/client';
import * as listRoute from './route';
import * as oneRoute from './[id]/route';
import * as submitRoute from './[id]/submit/route';
import * as cancelRoute from './[id]/cancel/route';
import * as reserveRoute from './[id]/reserve/route';
import * as needsDoingRoute from '../me/needs-doing/route';
import * as catalogueRoute from '../office/catalogue/route';
import * as changeRoute from '../office/catalogue/[id]/route';
import * as reviewRoute from '../office/requests/[id]/review/route';

// The reserve list of a package (docs/PLACES.md): joined after sold_out, places given back offered in order, through the API, on the real database.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let admin: Staff;
beforeAll(async () => {
  admin = await signedInStaff('admin');
});
// Each test starts with an empty list: what an earlier one left waiting is not offered places here.
beforeEach(async () => {
  await (await getDb()).execute(sql`delete from reserve_list`);
});

const HOURS = 72;
const change = (body: unknown) => consoleCall(changeRoute.PATCH, { method: 'PATCH', staffCookie: admin.cookie, params: { id: 'hajj' }, body });
const submit = (token: string, id: string) => call(submitRoute.POST, { token, params: { id }, body: {} });
const join = (token: string, id: string, locale: 'en' | 'ar' = 'en') => call(reserveRoute.POST, { token, params: { id }, body: {}, locale });
const leave = (token: string, id: string) => call(reserveRoute.DELETE, { method: 'DELETE', token, params: { id } });
const details = async (token: string, id: string) => (await call(oneRoute.GET, { token, params: { id } })).json!.data;
const review = (id: string, status: string) => consoleCall(reviewRoute.POST, { staffCookie: admin.cookie, params: { id }, body: { status, note: 'Checked' } });

const { held, placesLeft, leaveOnly } = packagePlaces(() => admin.cookie);

/**
 * A draft of `companions + 1` pilgrims refused with sold_out, then on the list: of an account of its own (an
 * account holds one unpaid or reserved request per service, hoarding.test.ts).
 */
async function reserved(companions = 0) {
  const { token } = await newUser();
  const id = await readyDraft(token, { companions });
  const refused = await submit(token, id);
  expect(refused.json!.error?.code).toBe('sold_out');
  const joined = await join(token, id);
  expect(joined.status).toBe(200);
  return { id, token, joined: joined.json!.data };
}

async function offers(id: string) {
  return queryRows<{ type: string; params: Record<string, string | number> }>(sql`select type, params from notifications where request_id = ${id} and type = 'place_offered'`);
}

/** Offered places: pending_payment, a fresh pay-by time, a hold until then, and the pilgrim told. */
async function expectOffered(token: string, id: string, pilgrims: number) {
  const now = Date.now();
  const request = await details(token, id);
  expect(request.status).toBe('pending_payment');
  expect(request.reserve_position).toBeNull();
  expect(request.reference).toMatch(/^HJ-\d{4}-\d{6}$/);
  expect(request.fee_pilgrims).toBe(pilgrims);
  const payBy = Date.parse(request.pay_by);
  expect(Math.abs(payBy - (now + HOURS * 3_600_000))).toBeLessThan(60_000);
  const [hold] = await queryRows<{ places: number; held_until: string }>(sql`select places, held_until from place_holds where request_id = ${id}`);
  expect(hold!.places).toBe(pilgrims);
  expect(new Date(hold!.held_until).toISOString()).toBe(request.pay_by);
  const told = await offers(id);
  expect(told).toHaveLength(1);
  expect(told[0]!.params).toMatchObject({ reference: request.reference, deadline: request.pay_by });
}

describe('joining the reserve list', () => {
  it('after sold_out: reserved, with positions 1, 2, 3 in the order joined, on the details, the list and what needs doing', async () => {
    await leaveOnly(0);
    const first = await reserved();
    const second = await reserved(1);
    const third = await reserved();
    expect(first.joined).toMatchObject({ status: 'reserved', reserve_position: 1 });
    expect(second.joined.reserve_position).toBe(2);
    expect(third.joined.reserve_position).toBe(3);
    expect((await details(second.token, second.id)).reserve_position).toBe(2);

    // Each account's list and what needs doing show its own request at its place (one per account and service).
    for (const [position, entry] of [first, second, third].entries()) {
      const listed = (await call(listRoute.GET, { token: entry.token, path: '/api/v1/requests?status=reserved' })).json!.data as { id: string; reserve_position: number }[];
      expect(listed.map((r) => [r.id, r.reserve_position])).toEqual([[entry.id, position + 1]]);
      const todo = (await call(needsDoingRoute.GET, { token: entry.token })).json!.data;
      expect(todo.reserved.map((r: { reserve_position: number }) => r.reserve_position)).toEqual([position + 1]);
      expect(todo.count).toBe(0);
    }

    // A reserved request is not editable, nor sent, nor cancelled: it waits, or leaves.
    const version = (await details(first.token, first.id)).version;
    expect((await call(oneRoute.PATCH, { method: 'PATCH', token: first.token, params: { id: first.id }, body: { step: 'service', data: {}, version } })).status).toBe(409);
    expect((await submit(first.token, first.id)).status).toBe(409);
    expect((await call(cancelRoute.POST, { token: first.token, params: { id: first.id }, body: {} })).status).toBe(409);
    expect((await join(first.token, first.id)).status).toBe(409);
  });

  it('only for a draft whose package is too full for it; another user’s request is a 404', async () => {
    const { token } = await newUser();
    await leaveOnly(2);
    const fits = await readyDraft(token);
    const refused = await join(token, fits);
    expect(refused.status).toBe(409);
    expect(refused.json!.error.message).toBe('Places are left in this package for this request: send it instead of joining the reserve list.');
    expect((await join(token, fits, 'ar')).json!.error.message).toBe('ما زالت في هذه الباقة أماكن تكفي هذا الطلب: أرسله بدلًا من الانضمام إلى قائمة الانتظار.');
    expect((await details(token, fits)).status).toBe('draft');

    await leaveOnly(0);
    const stranger = await newUser();
    expect((await join(stranger.token, fits)).status).toBe(404);
    expect((await join(token, fits)).status).toBe(200);
    expect((await leave(stranger.token, fits)).status).toBe(404);
  });
});

describe('places given back are offered down the list', () => {
  it('expiry of a holder: the first that fits takes them at once (a large family ahead is skipped, keeps its position), with a fresh pay-by time and a notice', async () => {
    const { applyPaymentDeadlines } = await import('@/lib/server/payments/deadlines');
    const { token } = await newUser();
    await leaveOnly(2);
    const holder = await readyDraft(token);
    expect((await submit(token, holder)).status).toBe(200);
    const family = await reserved(3); // 4 pilgrims
    const couple = await reserved(1); // 2 pilgrims
    const single = await reserved(); // 1 pilgrim
    await (await getDb()).execute(sql`update requests set submitted_at = now() - interval '73 hours' where id = ${holder}`);
    await applyPaymentDeadlines();
    expect((await details(token, holder)).status).toBe('expired');

    await expectOffered(couple.token, couple.id, 2);
    expect(await placesLeft()).toBe(0);
    // The family did not fit and keeps the head of the list; the single closes up behind it.
    expect((await details(family.token, family.id))).toMatchObject({ status: 'reserved', reserve_position: 1 });
    expect((await details(single.token, single.id))).toMatchObject({ status: 'reserved', reserve_position: 2 });
    expect(await offers(single.id)).toHaveLength(0);

    // Told in the portal, and by e-mail: "A place is yours until …".
    const [mail] = await queryRows<{ n: number }>(sql`select count(*)::int as n from mail_outbox m join notifications n on n.id = m.notification_id where n.request_id = ${couple.id} and n.type = 'place_offered'`);
    expect(mail!.n).toBe(1);
  });

  it('cancelling by the pilgrim, by the office with a refund, and rejecting each offer the places in order', async () => {
    const { token } = await newUser();
    await leaveOnly(2);
    const unpaid = await readyDraft(token);
    expect((await submit(token, unpaid)).status).toBe(200);
    const a = await reserved(1);
    const b = await reserved(1);
    const c = await reserved(1);

    expect((await call(cancelRoute.POST, { token, params: { id: unpaid }, body: {} })).status).toBe(200);
    await expectOffered(a.token, a.id, 2);
    expect((await details(b.token, b.id)).reserve_position).toBe(1);

    // a is paid, then cancelled by the office with a refund: b's turn.
    const paidA = await (async () => {
      const { payOnTestGateway, TEST_CARDS } = await import('@/lib/server/payments/test-gateway');
      const paymentsRoute = await import('./[id]/payments/route');
      const paymentRoute = await import('../payments/[id]/route');
      const started = await call(paymentsRoute.POST, { token: a.token, params: { id: a.id }, body: {} });
      const checkout = started.json!.data as { id: string; redirect_url: string };
      await payOnTestGateway(checkout.redirect_url.split('/').pop()!, TEST_CARDS.success);
      expect((await call(paymentRoute.GET, { token: a.token, params: { id: checkout.id } })).json!.data.status).toBe('paid');
      return checkout.id;
    })();
    expect((await details(a.token, a.id)).status).toBe('submitted');
    expect((await cancelWithRefund(a.id, admin.cookie)).status).toBe(200);
    const [refund] = await queryRows<{ status: string }>(sql`select status from payments where id = ${paidA}`);
    expect(refund!.status).toBe('refunded');
    await expectOffered(b.token, b.id, 2);
    expect((await details(c.token, c.id)).reserve_position).toBe(1);

    // A paid request of someone else, rejected by the office. More places set now would go to c at once
    // (the next test): c leaves first, and two others wait behind the paid one.
    expect((await leave(c.token, c.id)).status).toBe(200);
    await leaveOnly(2);
    const other = await newUser();
    const rejected = await paidRequest(other.token);
    expect(await placesLeft()).toBe(0);
    const d = await reserved(1);
    const e = await reserved(1);
    expect((await review(rejected.id, 'under_review')).status).toBe(200);
    expect((await review(rejected.id, 'rejected')).status).toBe(200);
    await expectOffered(d.token, d.id, 2);
    expect(await details(e.token, e.id)).toMatchObject({ status: 'reserved', reserve_position: 1 });
  });

  it('more places set by the office are offered at once, to as many as fit', async () => {
    await leaveOnly(0);
    const a = await reserved();
    const b = await reserved(1);
    const c = await reserved();
    expect((await change({ places: { standard: (await held()) + 3 } })).status).toBe(200);
    await expectOffered(a.token, a.id, 1);
    await expectOffered(b.token, b.id, 2);
    expect((await details(c.token, c.id))).toMatchObject({ status: 'reserved', reserve_position: 1 });
    expect(await placesLeft()).toBe(0);
  });
});

describe('never oversold', () => {
  it('places given back at once by several cancellations, while one on the list leaves: each place offered once, in order', async () => {
    await leaveOnly(3);
    // Each holder and each one waiting an account of its own: one unpaid or reserved request per account and service.
    const holders: { token: string; id: string }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { token } = await newUser();
      const id = await readyDraft(token, { companions: 0 });
      expect((await submit(token, id)).status).toBe(200);
      holders.push({ token, id });
    }
    const queue: { token: string; id: string }[] = [];
    for (let i = 0; i < 5; i += 1) queue.push(await reserved());
    const waiting = queue.map((entry) => entry.id);
    const answers = await Promise.all([
      ...holders.map(({ token, id }) => call(cancelRoute.POST, { token, params: { id }, body: {} })),
      leave(queue[1]!.token, waiting[1]!),
    ]);
    expect(answers.slice(0, 3).map((answer) => answer.status)).toEqual([200, 200, 200]);
    const statuses = await Promise.all(queue.map(async ({ token, id }) => (await details(token, id)).status));
    // The three places went to the next three in order, whatever the interleaving: the second left first
    // (a draft), or was offered a place before it could (and leaving answered 409, wrong state).
    if (answers[3]!.status === 200) expect(statuses).toEqual(['pending_payment', 'draft', 'pending_payment', 'pending_payment', 'reserved']);
    else {
      expect(answers[3]!.status).toBe(409);
      expect(statuses).toEqual(['pending_payment', 'pending_payment', 'pending_payment', 'reserved', 'reserved']);
    }
    expect(await placesLeft()).toBe(0);
    const [count] = await queryRows<{ places: number; held: number }>(sql`select places, held from package_places where type_id = 'hajj' and package = 'standard'`);
    expect(count!.held).toBe(count!.places);
    for (const [i, id] of waiting.entries()) expect(await offers(id)).toHaveLength(statuses[i] === 'pending_payment' ? 1 : 0);
  });
});

describe('the office', () => {
  it('sees each package’s list in the console’s catalogue, in the order places will be offered', async () => {
    await leaveOnly(0);
    const a = await reserved(2);
    const b = await reserved();
    const types = (await consoleCall(catalogueRoute.GET, { staffCookie: admin.cookie })).json!.data as { id: string; reserve_list: Record<string, { position: number; request_id: string; pilgrims: number; applicant_name: string | null }[]> }[];
    const list = types.find((t) => t.id === 'hajj')!.reserve_list.standard!;
    expect(list.map((entry) => [entry.position, entry.request_id, entry.pilgrims])).toEqual([
      [1, a.id, 3],
      [2, b.id, 1],
    ]);
    expect(list[0]!.applicant_name).toBeTruthy();
  });
});

describe('leaving the list', () => {
  it('is one call: back to a draft, and those behind close up', async () => {
    await leaveOnly(0);
    const a = await reserved();
    const b = await reserved();
    const c = await reserved();
    const left = await leave(a.token, a.id);
    expect(left.status).toBe(200);
    expect(left.json!.data).toMatchObject({ status: 'draft', reserve_position: null });
    expect((await details(b.token, b.id)).reserve_position).toBe(1);
    expect((await details(c.token, c.id)).reserve_position).toBe(2);
    expect((await leave(a.token, a.id)).status).toBe(409);
    // A draft again: it may be sent (sold out still) or join again, at the end.
    expect((await join(a.token, a.id)).json!.data.reserve_position).toBe(3);
  });
});
