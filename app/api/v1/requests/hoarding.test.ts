import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { packagePlaces } from '@/test/places';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { companion, person, SERVICE } from '@/test/answers';
import { readyDraft, uniquePassport } from '@/test/requests';
import { consoleCall, signedInStaff, useOpsKey } from '@/test/staff';
import { getDb, queryRows } from '@/lib/server/db/client';
import { applyPaymentDeadlines } from '@/lib/server/payments/deadlines';
import * as oneRoute from './[id]/route';
import * as submitRoute from './[id]/submit/route';
import * as reopenRoute from './[id]/reopen/route';
import * as cancelRoute from './[id]/cancel/route';
import * as reserveRoute from './[id]/reserve/route';
import * as changeRoute from '../office/catalogue/[id]/route';

// No account hoards places (issue 58, item 2; docs/PLACES.md, "One unpaid request, one passport"): the pay-by time is
// set once, an account holds one unpaid request per service and season, a passport is on one live request. Through
// the API, on the real database (PGlite and PostgreSQL).

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let admin: Staff;
beforeAll(async () => {
  admin = await signedInStaff('admin');
});
beforeEach(async () => {
  await (await getDb()).execute(sql`delete from reserve_list`);
});

const submit = (token: string, id: string, locale: 'en' | 'ar' = 'en') => call(submitRoute.POST, { token, params: { id }, body: {}, locale });
const reopen = (token: string, id: string) => call(reopenRoute.POST, { token, params: { id }, body: {} });
const cancel = (token: string, id: string) => call(cancelRoute.POST, { token, params: { id }, body: {} });
const join = (token: string, id: string, locale: 'en' | 'ar' = 'en') => call(reserveRoute.POST, { token, params: { id }, body: {}, locale });
const details = async (token: string, id: string) => (await call(oneRoute.GET, { token, params: { id } })).json!.data;
const change = (body: unknown) => consoleCall(changeRoute.PATCH, { method: 'PATCH', staffCookie: admin.cookie, params: { id: 'hajj' }, body });

const { placesLeft, leaveOnly } = packagePlaces(() => admin.cookie);
async function unlimited() {
  expect((await change({ places: { standard: null } })).status).toBe(200);
}

/** A ready draft whose applicant carries this passport (and nationality), alone or with a companion that does. */
async function draftWithPassport(token: string, passport: string, { as = 'applicant', nationality = 'SA' }: { as?: 'applicant' | 'companion'; nationality?: string } = {}) {
  const id = await readyDraft(token, { companions: as === 'companion' ? 1 : 0 });
  const db = await getDb();
  const path = as === 'applicant' ? sql`'{applicant}'` : sql`'{companions,0}'`;
  const pilgrim = as === 'applicant' ? person({ passport_number: passport, nationality }) : companion({ passport_number: passport, nationality });
  // The answers as a saved step leaves them (the pilgrim_id of a companion kept: its documents are filed under it).
  await db.execute(sql`update requests set data = jsonb_set(data, ${path}, (data #> ${path}) || ${JSON.stringify(pilgrim)}::jsonb) where id = ${id}`);
  return id;
}

async function holdOf(id: string) {
  const [row] = await queryRows<{ held_until: string | Date | null; places: number }>(sql`select held_until, places from place_holds where request_id = ${id}`);
  return row;
}

describe('one unpaid request per account, service and season', () => {
  it('13 drafts of one account sent at once for 3 places: exactly one awaits payment, the 12 others 409 naming it', async () => {
    await leaveOnly(3);
    const { token } = await newUser();
    const drafts: string[] = [];
    for (let i = 0; i < 13; i++) drafts.push(await readyDraft(token, { companions: 0 }));
    const answers = await Promise.all(drafts.map((id) => submit(token, id)));
    const sent = answers.filter((answer) => answer.status === 200);
    expect(sent).toHaveLength(1);
    const reference = sent[0]!.json!.data.reference as string;
    expect(reference).toMatch(/^HJ-\d{4}-\d{6}$/);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(12);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.json!.error.code).toBe('conflict');
      expect(answer.json!.error.message).toContain(reference);
      expect(answer.json!.error.message).toContain('awaiting payment');
    }
    const statuses = await queryRows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from requests where id in (select jsonb_array_elements_text(${JSON.stringify(drafts)}::jsonb)::uuid) group by status order by status`,
    );
    expect(statuses).toEqual([
      { status: 'draft', n: 12 },
      { status: 'pending_payment', n: 1 },
    ]);
    // The other two places are still there for someone else.
    expect(await placesLeft()).toBe(2);
  });

  it('two submits at once from one account: one passes, the other 409', async () => {
    await unlimited();
    const { token } = await newUser();
    const [first, second] = [await readyDraft(token), await readyDraft(token)];
    const answers = await Promise.all([submit(token, first), submit(token, second)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const pending = await queryRows<{ n: number }>(sql`select count(*)::int as n from requests where id in (${first}, ${second}) and status = 'pending_payment'`);
    expect(pending[0]!.n).toBe(1);
  });

  it('says it in Arabic too, and lets the next one through once the first is cancelled; another account is not held back', async () => {
    await unlimited();
    const { token } = await newUser();
    const first = await readyDraft(token);
    const sent = await submit(token, first);
    expect(sent.status).toBe(200);
    const reference = sent.json!.data.reference as string;
    const second = await readyDraft(token);
    const refused = await submit(token, second, 'ar');
    expect(refused.status).toBe(409);
    expect(refused.json!.error.message).toContain(reference);
    expect(refused.json!.error.message).toContain('بانتظار الدفع');
    // Another account sends its own.
    const other = await newUser();
    expect((await submit(other.token, await readyDraft(other.token))).status).toBe(200);
    expect((await cancel(token, first)).status).toBe(200);
    expect((await submit(token, second)).status).toBe(200);
  });

  it('a draft reopened from payment still holding its places counts as the unpaid one: no reopen-and-send-another chain', async () => {
    await unlimited();
    const { token } = await newUser();
    const first = await readyDraft(token);
    const sent = await submit(token, first);
    const reference = sent.json!.data.reference as string;
    expect((await reopen(token, first)).status).toBe(200);
    const refused = await submit(token, await readyDraft(token));
    expect(refused.status).toBe(409);
    expect(refused.json!.error.message).toContain(reference);
    expect(refused.json!.error.message).toContain('holding places until its pay-by time');
  });
});

describe('the pay-by time is set once', () => {
  it('reopened and sent again while its places are held: the same pay-by time, hold and reminder, however often', async () => {
    await unlimited();
    const { token } = await newUser();
    const id = await readyDraft(token);
    expect((await submit(token, id)).status).toBe(200);
    // Sent an hour ago, reminded already: a resend now must not bring a fresh 72 hours, nor a second reminder.
    const db = await getDb();
    await db.execute(sql`update requests set submitted_at = submitted_at - interval '1 hour', payment_reminder_at = now() where id = ${id}`);
    await db.execute(sql`update place_holds set held_until = held_until - interval '1 hour' where request_id = ${id}`);
    const first = await details(token, id);
    const firstHold = await holdOf(id);
    expect(Date.parse(first.pay_by)).toBe(new Date(firstHold!.held_until!).getTime());
    expect(Date.parse(first.pay_by)).toBeLessThan(Date.now() + 72 * 3_600_000 - 30 * 60_000);
    for (let round = 0; round < 3; round++) {
      expect((await reopen(token, id)).status).toBe(200);
      const again = await submit(token, id);
      expect(again.status).toBe(200);
      expect(again.json!.data.pay_by).toBe(first.pay_by);
      expect(again.json!.data.submitted_at).toBe(first.submitted_at);
      expect(new Date((await holdOf(id))!.held_until!).getTime()).toBe(Date.parse(first.pay_by));
    }
    const [row] = await queryRows<{ reminded: boolean }>(sql`select payment_reminder_at is not null as reminded from requests where id = ${id}`);
    expect(row!.reminded).toBe(true);
    // The sweep's reminder is not sent again for the same pay-by time.
    await applyPaymentDeadlines();
    const reminders = await queryRows<{ n: number }>(sql`select count(*)::int as n from notifications where request_id = ${id} and type = 'payment_reminder'`);
    expect(reminders[0]!.n).toBe(0);
  });

  it('sent again after its hold lapsed: the places were given back, and it takes them anew with a fresh pay-by time, behind the reserve list', async () => {
    await leaveOnly(1);
    const { token } = await newUser();
    const id = await readyDraft(token, { companions: 0 });
    expect((await submit(token, id)).status).toBe(200);
    expect((await reopen(token, id)).status).toBe(200);
    // Its pay-by time passed while it was a draft; the sweep has not run yet.
    await (await getDb()).execute(sql`update place_holds set held_until = now() - interval '1 minute' where request_id = ${id}`);
    // Someone else waits on the list for the package (full now: the lapsed hold still counts until given back).
    const waiting = await newUser();
    const reservedId = await readyDraft(waiting.token, { companions: 0 });
    expect((await submit(waiting.token, reservedId)).json!.error.code).toBe('sold_out');
    expect((await join(waiting.token, reservedId)).status).toBe(200);
    // Sent again: the lapsed place is not its own any more. It goes to the one waiting, and this draft is refused as
    // any late sender would be (the refusal leaves everything as it was: the sweep gives the place back).
    const late = await submit(token, id);
    expect(late.status).toBe(409);
    expect(late.json!.error.code).toBe('sold_out');
    await applyPaymentDeadlines();
    expect((await details(waiting.token, reservedId)).status).toBe('pending_payment');
    expect(await holdOf(id)).toBeUndefined();
    // With a place free again, it is sent with a fresh pay-by time.
    await leaveOnly(1);
    const again = await submit(token, id);
    expect(again.status).toBe(200);
    expect(Date.parse(again.json!.data.pay_by)).toBeGreaterThan(Date.now() + 72 * 3_600_000 - 60_000);
  });
});

describe('one passport on one live request per season', () => {
  it('a passport already on another account’s live request is refused, naming no one else’s data', async () => {
    await unlimited();
    const passport = uniquePassport('P');
    const first = await newUser('Khadija Owner');
    const firstId = await draftWithPassport(first.token, passport);
    const sent = await submit(first.token, firstId);
    expect(sent.status).toBe(200);
    const reference = sent.json!.data.reference as string;

    const second = await newUser();
    // The same passport as a companion, written in lower case: the same passport.
    const secondId = await draftWithPassport(second.token, passport.toLowerCase(), { as: 'companion' });
    for (const locale of ['en', 'ar'] as const) {
      const refused = await submit(second.token, secondId, locale);
      expect(refused.status).toBe(409);
      expect(refused.json!.error.code).toBe('conflict');
      expect(refused.json!.error.message).toContain(locale === 'en' ? 'already on another request' : 'موجود بالفعل في طلب آخر');
      const text = JSON.stringify(refused.json);
      for (const theirs of [reference, firstId, first.user.id, first.user.email, 'Khadija']) expect(text).not.toContain(theirs);
    }
    expect((await details(second.token, secondId)).status).toBe('draft');
    // The reserve list follows the rule: the passport cannot wait there either.
    await leaveOnly(0);
    expect((await submit(second.token, secondId)).json!.error.code).toBe('sold_out');
    const joined = await join(second.token, secondId);
    expect(joined.status).toBe(409);
    expect(joined.json!.error.message).toContain('already on another request');
    // Once the first request is cancelled, the passport is free again.
    await unlimited();
    expect((await cancel(first.token, firstId)).status).toBe(200);
    expect((await submit(second.token, secondId)).status).toBe(200);
  });

  it('the same number of another nationality is another passport', async () => {
    await unlimited();
    const passport = uniquePassport('N');
    const first = await newUser();
    expect((await submit(first.token, await draftWithPassport(first.token, passport, { nationality: 'SA' }))).status).toBe(200);
    const second = await newUser();
    expect((await submit(second.token, await draftWithPassport(second.token, passport, { nationality: 'EG' }))).status).toBe(200);
  });

  it('two accounts sending one passport at once: one passes', async () => {
    await unlimited();
    const passport = uniquePassport('R');
    const [a, b] = [await newUser(), await newUser()];
    const [aId, bId] = [await draftWithPassport(a.token, passport), await draftWithPassport(b.token, passport)];
    const answers = await Promise.all([submit(a.token, aId), submit(b.token, bId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});

describe('the reserve list follows the same rule', () => {
  it('an account awaiting payment cannot also wait on the list, and one on the list cannot send another', async () => {
    const { token } = await newUser();
    await leaveOnly(1);
    const paying = await readyDraft(token, { companions: 0 });
    const sent = await submit(token, paying);
    expect(sent.status).toBe(200);
    const reference = sent.json!.data.reference as string;
    // Full now: another draft of the account is refused sold_out by the places, and the list does not take it.
    const second = await readyDraft(token, { companions: 0 });
    const joined = await join(token, second);
    expect(joined.status).toBe(409);
    expect(joined.json!.error.code).toBe('conflict');
    expect(joined.json!.error.message).toContain(reference);
    expect((await details(token, second)).status).toBe('draft');

    // On the list, the account holds that place in the queue: no second list place, no second send.
    const other = await newUser();
    const waiting = await readyDraft(other.token, { companions: 0 });
    expect((await submit(other.token, waiting)).json!.error.code).toBe('sold_out');
    expect((await join(other.token, waiting)).status).toBe(200);
    const another = await readyDraft(other.token, { companions: 0 });
    const refusedJoin = await join(other.token, another);
    expect(refusedJoin.status).toBe(409);
    expect(refusedJoin.json!.error.message).toContain('on the reserve list');
    // Nor another package of the service, where places are left.
    expect((await change({ places: { economy: null } })).status).toBe(200);
    const economy = await readyDraft(other.token, { companions: 0, service: { ...SERVICE, package: 'economy' } });
    const refusedSend = await submit(other.token, economy);
    expect(refusedSend.status).toBe(409);
    expect(refusedSend.json!.error.message).toContain('on the reserve list');
  });
});
