import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { readyDraft } from '@/test/requests';
import { consoleCall, signedInStaff, useOpsKey } from '@/test/staff';
import { getDb, queryRows } from '@/lib/server/db/client';
import { databaseQueue } from '@/lib/server/openings/database-queue';
import { redisQueue } from '@/lib/server/openings/redis-queue';
import { drawOrder } from '@/lib/server/openings/draw';
import { changeOpening, controlOpening, tickOpening, useQueueStore } from '@/lib/server/openings/openings';
import { joinQueue, readQueuePlace } from '@/lib/server/openings/queue-places';
import type { QueueStore } from '@/lib/server/openings/queue-store';
import { closeRedis } from '@/lib/server/db/redis';
import * as queueRoute from './[service]/queue/route';
import * as typesRoute from '../request-types/route';
import * as submitRoute from '../requests/[id]/submit/route';
import * as changeRoute from '../office/catalogue/[id]/route';
import * as officeOpeningRoute from '../office/openings/[service]/route';

// The opening queue (issue 59, docs/OPENING.md) on the real database, and on Redis when TEST_REDIS_URL is set:
// the same rules from both stores. The clock is the tests': every step of the service takes `now`.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(async () => {
  useOpsKey(undefined);
  useQueueStore(undefined);
  await closeRedis();
});

let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  admin = await signedInStaff('admin');
});

const MINUTE = 60_000;
const change = (body: unknown) => consoleCall(changeRoute.PATCH, { method: 'PATCH', staffCookie: admin.cookie, params: { id: 'hajj' }, body });

/** A fresh opening of the Hajj service, `minutes` from now, at `rate` a minute, every package unlimited. */
async function freshOpening(rate: number, { minutes = 10, window }: { minutes?: number; window?: number } = {}): Promise<Date> {
  expect((await change({ opening: null, places: { economy: null, standard: null, premium: null }, packages: ['economy', 'standard', 'premium'] })).status).toBe(200);
  const opensAt = new Date(Math.ceil((Date.now() + minutes * MINUTE) / 1000) * 1000);
  const set = await change({ opening: { opens_at: opensAt.toISOString(), admit_per_minute: rate, ...(window ? { send_window_minutes: window } : {}) } });
  expect(set.status).toBe(200);
  return opensAt;
}

/** Accounts made straight in the database: the queue needs only their ids, not a password each. */
async function accounts(count: number): Promise<string[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  const made = await queryRows<{ id: string }>(sql`
    insert into users (name, email, password_hash)
    select 'Pilgrim ' || n, 'queue.' || ${tag}::text || '.' || n || '@example.com', 'x' from generate_series(1, ${count}::int) as n
    returning id`);
  // In the order made (generate_series's), which the tests use as the order of arrival.
  return made.map((row) => row.id);
}

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

/** Spearman's rank correlation of two rankings of the same items (no ties). */
function spearman(a: number[], b: number[]): number {
  const n = a.length;
  const d2 = a.reduce((sum, value, i) => sum + (value - b[i]!) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

const stores: [string, () => QueueStore][] = [['the database', () => databaseQueue]];
if (process.env.TEST_REDIS_URL) stores.push(['Redis', () => redisQueue(process.env.TEST_REDIS_URL!, `optest-${process.pid}-${Math.random().toString(36).slice(2, 8)}`)]);

describe.each(stores)('the queue in %s', (_name, makeStore) => {
  beforeEach(() => useQueueStore(makeStore()));

  it('keeps one place per account: a second join answers the same place', async () => {
    const opensAt = await freshOpening(60);
    const [user] = await accounts(1);
    const first = await joinQueue('hajj', user!, at(opensAt, -5 * MINUTE));
    const again = await joinQueue('hajj', user!, at(opensAt, -4 * MINUTE));
    expect(first.joined).toBe(true);
    expect(again.joined).toBe(false);
    expect(again.answer.joined_at).toBe(first.answer.joined_at);
    expect(first.answer).toMatchObject({ state: 'waiting', position: null, waiting_for_draw: 1, opening: { state: 'queueing' } });
  });

  it('draws those who joined before opens_at into a random order, recorded, and queues later arrivals behind in order', async () => {
    const opensAt = await freshOpening(60);
    const early = await accounts(300);
    for (const [index, user] of early.entries()) await joinQueue('hajj', user, at(opensAt, -20 * MINUTE + index * 1000));
    await tickOpening('hajj', at(opensAt, 1));
    const late = await accounts(3);
    for (const [index, user] of late.entries()) await joinQueue('hajj', user, at(opensAt, 2000 + index));

    const positions = await Promise.all(early.map(async (user) => (await readQueuePlace('hajj', user, at(opensAt, 3000))).position!));
    // Every early arrival has a place among the first 300, each once.
    expect([...positions].sort((a, b) => a - b)).toEqual(early.map((_, index) => index + 1));
    // Not the order of arrival: |ρ| of a random order of 300 is below 0.2 but once in about 2,000,000 draws.
    const arrival = early.map((_, index) => index + 1);
    expect(Math.abs(spearman(arrival, positions))).toBeLessThan(0.2);
    // The statistic does see an arranged order (it fails the test when the order follows arrival).
    expect(spearman(arrival, arrival)).toBe(1);
    expect((await Promise.all(late.map(async (user) => (await readQueuePlace('hajj', user, at(opensAt, 3000))).position)))).toEqual([301, 302, 303]);

    // The seed in the audit log draws the same order again from those who joined, in the order they joined.
    const [entry] = await queryRows<{ details: { seed: string; entrants: number } }>(sql`select details from audit_log where action = 'opening.draw' order by id desc limit 1`);
    expect(entry!.details.entrants).toBe(300);
    const redrawn = drawOrder(early, entry!.details.seed);
    expect(redrawn.map((user) => positions[early.indexOf(user)])).toEqual(arrival);
  });

  it('admits in order at the rate, spread evenly across the minute, never in bursts', async () => {
    const opensAt = await freshOpening(60);
    const users = await accounts(100);
    for (const user of users) await joinQueue('hajj', user, at(opensAt, -MINUTE));
    const admittedAt = async (ms: number) => {
      await tickOpening('hajj', at(opensAt, ms));
      const states = await Promise.all(users.map(async (user) => (await readQueuePlace('hajj', user, at(opensAt, ms))).state));
      return states.filter((state) => state === 'admitted').length;
    };
    const counts: number[] = [];
    for (const second of [1, 2, 3, 10, 30]) counts.push(await admittedAt(second * 1000 + 1));
    expect(counts).toEqual([1, 2, 3, 10, 30]);
    // In order: the 30 admitted are positions 1-30 as drawn; the next one's estimate is a second away.
    const waiting = await Promise.all(users.map((user) => readQueuePlace('hajj', user, at(opensAt, 30_001))));
    const next = waiting.find((place) => place.position === 1)!;
    expect(Date.parse(next.estimated_admission_at!) - at(opensAt, 30_001).getTime()).toBeLessThanOrEqual(1000);
    const admitted = waiting.find((place) => place.state === 'admitted')!;
    expect(Date.parse(admitted.send_by!)).toBeGreaterThan(at(opensAt, 15 * MINUTE).getTime());
  });

  it('gives a turn that lapses to the next in line', async () => {
    const opensAt = await freshOpening(1, { window: 1 });
    const [first, second, third] = await accounts(3);
    for (const user of [first!, second!, third!]) await joinQueue('hajj', user, at(opensAt, -MINUTE));
    await tickOpening('hajj', at(opensAt, MINUTE + 1));
    const admittedOne = (await Promise.all([first!, second!, third!].map((user) => readQueuePlace('hajj', user, at(opensAt, MINUTE + 1))))).filter((place) => place.state === 'admitted');
    expect(admittedOne).toHaveLength(1);
    // Its window (1 minute) lapses at 2:00; at 2:00.5 the rate allows a second admission, and the lapsed turn a third.
    await tickOpening('hajj', at(opensAt, 2 * MINUTE + 500));
    const places = await Promise.all([first!, second!, third!].map((user) => readQueuePlace('hajj', user, at(opensAt, 2 * MINUTE + 500))));
    expect(places.map((place) => place.state).sort()).toEqual(['admitted', 'admitted', 'passed']);
  });

  it('pauses, resumes and changes its rate, keeping what was due', async () => {
    const opensAt = await freshOpening(60);
    const users = await accounts(80);
    for (const user of users) await joinQueue('hajj', user, at(opensAt, -MINUTE));
    const admitted = async (ms: number) => {
      await tickOpening('hajj', at(opensAt, ms));
      return (await Promise.all(users.map((user) => readQueuePlace('hajj', user, at(opensAt, ms))))).filter((place) => place.state === 'admitted').length;
    };
    expect(await admitted(10_001)).toBe(10);
    await controlOpening('hajj', 'pause', { kind: 'ops_key' }, null, at(opensAt, 10_001));
    expect(await admitted(40_001)).toBe(10);
    expect((await readQueuePlace('hajj', users[0]!, at(opensAt, 40_001))).opening.paused).toBe(true);
    await controlOpening('hajj', 'resume', { kind: 'ops_key' }, null, at(opensAt, 40_001));
    expect(await admitted(50_001)).toBe(20);
    const db = await getDb();
    await db.transaction((tx) =>
      changeOpening(tx, 'hajj', { opens_at: opensAt, admit_per_minute: 120 }, at(opensAt, 50_001), () => {
        throw new Error('refused');
      }),
    );
    // Twice the rate from 0:50: ten seconds later twenty more, not ten.
    expect(await admitted(60_001)).toBe(40);
  });

  it('admits each place once when instances tick together', async () => {
    const opensAt = await freshOpening(6000);
    const users = await accounts(60);
    for (const user of users) await joinQueue('hajj', user, at(opensAt, -MINUTE));
    await tickOpening('hajj', at(opensAt, 1));
    // 6,000 a minute: 30 due at 0.3 s, whichever instance ticks.
    await Promise.all(Array.from({ length: 8 }, () => tickOpening('hajj', at(opensAt, 301))));
    await Promise.all(Array.from({ length: 4 }, () => tickOpening('hajj', at(opensAt, 301))));
    const states = await Promise.all(users.map(async (user) => (await readQueuePlace('hajj', user, at(opensAt, 301))).state));
    expect(states.filter((state) => state === 'admitted')).toHaveLength(30);
    const told = await queryRows<{ n: number }>(sql`select count(*)::int as n from notifications where type = 'opening_turn' and user_id = any(${`{${users.join(',')}}`}::uuid[])`);
    expect(told[0]!.n).toBe(30);
  });

  it('ends the queue when the places are gone: everyone waiting is told, and offered the reserve list', async () => {
    const opensAt = await freshOpening(1);
    const users = await accounts(5);
    for (const user of users) await joinQueue('hajj', user, at(opensAt, -MINUTE));
    await tickOpening('hajj', at(opensAt, 1));
    const held = await queryRows<{ package: string; held: number }>(sql`select package, held from package_places where type_id = 'hajj'`);
    const heldOf = (pkg: string) => held.find((row) => row.package === pkg)?.held ?? 0;
    expect((await change({ places: { economy: heldOf('economy'), standard: heldOf('standard'), premium: heldOf('premium') } })).status).toBe(200);
    await tickOpening('hajj', at(opensAt, 2000));
    const places = await Promise.all(users.map((user) => readQueuePlace('hajj', user, at(opensAt, 2000))));
    expect(places.every((place) => place.state === 'sold_out' && place.opening.state === 'over' && place.opening.ended_reason === 'sold_out')).toBe(true);
    const told = await queryRows<{ params: Record<string, string> }>(sql`select params from notifications where type = 'opening_ended' and user_id = any(${`{${users.join(',')}}`}::uuid[])`);
    expect(told).toHaveLength(5);
    expect(told[0]!.params).toMatchObject({ service: 'hajj', reason: 'sold_out' });
    expect((await queryRows(sql`select 1 from audit_log where action = 'opening.end' and actor_kind = 'system'`)).length).toBeGreaterThan(0);
  });
});

describe('the queue through the API', () => {
  beforeEach(() => useQueueStore(databaseQueue));

  it('joins (201, then 200), reads, leaves, and says what the draft still needs', async () => {
    const opensAt = await freshOpening(60);
    const { token } = await newUser();
    const draft = await readyDraft(token);
    const joined = await call(queueRoute.POST, { token, params: { service: 'hajj' }, body: {} });
    expect(joined.status).toBe(201);
    expect(joined.json!.data).toMatchObject({ service: 'hajj', state: 'waiting', position: null, draft: { id: draft } });
    expect(joined.json!.data.poll_after_s).toBeGreaterThanOrEqual(2);
    expect((await call(queueRoute.POST, { token, params: { service: 'hajj' }, body: {} })).status).toBe(200);
    const read = await call(queueRoute.GET, { token, params: { service: 'hajj' } });
    expect(read.json!.data).toMatchObject({ state: 'waiting', opening: { opens_at: opensAt.toISOString(), state: 'queueing', admit_per_minute: 60 } });
    const types = (await call(typesRoute.GET)).json!.data as { id: string; opening: { state: string } | null }[];
    expect(types.find((type) => type.id === 'hajj')!.opening).toMatchObject({ state: 'queueing' });
    const left = await call(queueRoute.DELETE, { method: 'DELETE', token, params: { service: 'hajj' } });
    expect(left.json!.data.state).toBe('left');
    // The console sees it.
    const view = await consoleCall(officeOpeningRoute.GET, { staffCookie: admin.cookie, params: { service: 'hajj' } });
    expect(view.json!.data).toMatchObject({ service: 'hajj', counts: { left: 1 } });
  });

  it('refuses to join before the queue opens, and a queue that is over', async () => {
    await freshOpening(60, { minutes: 120 });
    const { token } = await newUser();
    const early = await call(queueRoute.POST, { token, params: { service: 'hajj' }, body: {}, locale: 'ar' });
    expect(early.status).toBe(409);
    expect(early.json!.error.message).toMatch(/قائمة الانتظار/);
    await controlOpening('hajj', 'end', { kind: 'ops_key' }, null);
    expect((await call(queueRoute.POST, { token, params: { service: 'hajj' }, body: {}, locale: 'en' })).json!.error.message).toMatch(/closed/);
  });

  it('refuses an opening in the past (422 on its field), and audits a new one', async () => {
    const answer = await change({ opening: { opens_at: new Date(Date.now() - MINUTE).toISOString(), admit_per_minute: 10 } });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.json!.error.fields)).toEqual(['opening.opens_at']);
    await freshOpening(30);
    const [entry] = await queryRows<{ details: Record<string, string> }>(sql`select details from audit_log where action = 'catalogue.change' order by id desc limit 1`);
    expect(entry!.details.opening).toMatch(/30\/min/);
  });

  it('sends a draft only in its turn while the opening admits (409 queue_required), and marks the turn used', async () => {
    const opensAt = await freshOpening(600);
    const { token, user } = await newUser();
    const waiting = await newUser();
    const draft = await readyDraft(token, { companions: 0 });
    const other = await readyDraft(waiting.token, { companions: 0 });
    // Before the opening nobody sends.
    const before = await call(submitRoute.POST, { token, params: { id: draft }, body: {}, locale: 'en' });
    expect(before.status).toBe(409);
    expect(before.json!.error.code).toBe('queue_required');
    expect(before.json!.queue).toMatchObject({ url: '/en/openings/hajj' });
    await call(queueRoute.POST, { token, params: { service: 'hajj' }, body: {} });
    // The opening moved to a minute ago (the send's clock is the real one), then its draw and first admission.
    const shift = opensAt.getTime() - Date.now() + MINUTE;
    await (await getDb()).execute(sql`update openings set opens_at = opens_at - make_interval(secs => ${shift / 1000}), rate_since = rate_since - make_interval(secs => ${shift / 1000}) where type_id = 'hajj'`);
    await tickOpening('hajj', new Date());
    expect((await readQueuePlace('hajj', user.id)).state).toBe('admitted');
    const refused = await call(submitRoute.POST, { token: waiting.token, params: { id: other }, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.json!.error.code).toBe('queue_required');
    const sent = await call(submitRoute.POST, { token, params: { id: draft }, body: {} });
    expect(sent.status).toBe(200);
    expect((await readQueuePlace('hajj', user.id)).state).toBe('sent');
    // Ended by the office: sending is as without a queue.
    await controlOpening('hajj', 'end', { kind: 'ops_key' }, null);
    expect((await call(submitRoute.POST, { token: waiting.token, params: { id: other }, body: {} })).status).toBe(200);
  });
});
