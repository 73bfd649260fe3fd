import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';
import { redisClient } from '@/lib/server/db/redis';

export { closeRedis } from '@/lib/server/db/redis';

export type Count = { count: number; resetInSeconds: number };

/** A fixed-window counter shared by every app instance. */
export interface CounterStore {
  /** The count and the seconds until the window resets (0 when nothing is counted). */
  peek(key: string): Promise<Count>;
  /**
   * Counts one more within a window of `windowSeconds` from the first hit and
   * answers the count including this hit, in one atomic step: of several hits
   * at once, each sees a different count, so a limit checked on the answer
   * lets exactly that many through.
   */
  hit(key: string, windowSeconds: number): Promise<Count>;
  /** Takes one hit back (an attempt that turned out not to count); never below 0. */
  unhit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Counters in the database (table rate_limits): the default. */
export const databaseCounters: CounterStore = {
  async peek(key) {
    const [row] = await queryRows<{ count: number; reset_in: number }>(sql`
      select count, greatest(0, ceil(extract(epoch from (reset_at - now()))))::int as reset_in
      from rate_limits where key = ${key} and reset_at > now()`);
    return row ? { count: Number(row.count), resetInSeconds: Number(row.reset_in) } : { count: 0, resetInSeconds: 0 };
  },
  async hit(key, windowSeconds) {
    // One statement (the row lock of ON CONFLICT serializes concurrent hits), so
    // every hit on every instance counts and sees its own count. A hit whose transaction began before the one that
    // started the window (it waited on the row) measures from its own earlier now(): never more than the window.
    const [row] = await queryRows<{ count: number; reset_in: number }>(sql`
      insert into rate_limits (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning count, least(${windowSeconds}::int, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int) as reset_in`);
    return { count: Number(row!.count), resetInSeconds: Number(row!.reset_in) };
  },
  async unhit(key) {
    const db = await getDb();
    await db.execute(sql`update rate_limits set count = count - 1 where key = ${key} and count > 0 and reset_at > now()`);
  },
  async reset(key) {
    const db = await getDb();
    await db.execute(sql`delete from rate_limits where key = ${key}`);
  },
};

/** Forgets windows that ended more than a day ago (the scheduled housekeeping; Redis expires its keys itself). */
export async function purgeEndedRateLimits() {
  const db = await getDb();
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 day'`);
}

// A script runs atomically in Redis: the count and the expiry it answers belong to this hit.
// The window starts at the first hit: the expiry is set only when there is none.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;
// Only an existing key is lowered: a DECR on an expired one would make a key without expiry.
const UNHIT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** Counters in Redis (when REDIS_URL is set), so that every instance shares them. */
export function redisCounters(url: string): CounterStore {
  return {
    async peek(key) {
      const client = await redisClient(url);
      const [count, ttl] = await Promise.all([client.get(`rl:${key}`), client.pttl(`rl:${key}`)]);
      if (!count || ttl <= 0) return { count: 0, resetInSeconds: 0 };
      return { count: Number(count), resetInSeconds: Math.ceil(ttl / 1000) };
    },
    async hit(key, windowSeconds) {
      const client = await redisClient(url);
      const [count, ttl] = (await client.eval(HIT, 1, `rl:${key}`, String(windowSeconds * 1000))) as [number, number];
      return { count: Number(count), resetInSeconds: Math.max(1, Math.ceil(Number(ttl) / 1000)) };
    },
    async unhit(key) {
      await (await redisClient(url)).eval(UNHIT, 1, `rl:${key}`);
    },
    async reset(key) {
      await (await redisClient(url)).del(`rl:${key}`);
    },
  };
}

export function counters(): CounterStore {
  const { REDIS_URL } = env();
  return REDIS_URL ? redisCounters(REDIS_URL) : databaseCounters;
}
