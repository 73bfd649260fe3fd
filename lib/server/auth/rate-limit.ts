import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';

/** A fixed-window counter shared by every app instance. */
export interface CounterStore {
  /** The count and the seconds until the window resets (0 when nothing is counted). */
  peek(key: string): Promise<{ count: number; resetInSeconds: number }>;
  /** Counts one more within a window of `windowSeconds` from the first hit. */
  hit(key: string, windowSeconds: number): Promise<void>;
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
    const db = await getDb();
    // One statement, so that concurrent failures on several instances all count.
    await db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`);
  },
  async reset(key) {
    const db = await getDb();
    await db.execute(sql`delete from rate_limits where key = ${key}`);
  },
};

type RedisClient = import('ioredis').Redis;
const clients = new Map<string, Promise<RedisClient>>();

function redis(url: string): Promise<RedisClient> {
  let client = clients.get(url);
  if (!client) {
    client = import('ioredis').then(({ Redis }) => new Redis(url, { maxRetriesPerRequest: 2 }));
    clients.set(url, client);
  }
  return client;
}

/** Counters in Redis (when REDIS_URL is set), so that every instance shares them. */
export function redisCounters(url: string): CounterStore {
  return {
    async peek(key) {
      const client = await redis(url);
      const [count, ttl] = await Promise.all([client.get(`rl:${key}`), client.pttl(`rl:${key}`)]);
      if (!count || ttl <= 0) return { count: 0, resetInSeconds: 0 };
      return { count: Number(count), resetInSeconds: Math.ceil(ttl / 1000) };
    },
    async hit(key, windowSeconds) {
      const client = await redis(url);
      // The window starts at the first hit: the expiry is set only when there is none.
      await client.multi().incr(`rl:${key}`).expire(`rl:${key}`, windowSeconds, 'NX').exec();
    },
    async reset(key) {
      await (await redis(url)).del(`rl:${key}`);
    },
  };
}

/** Closes the Redis connections (tests, shutdown). */
export async function closeRedis() {
  const all = [...clients.values()];
  clients.clear();
  await Promise.all(all.map(async (client) => (await client).quit()));
}

export function counters(): CounterStore {
  const { REDIS_URL } = env();
  return REDIS_URL ? redisCounters(REDIS_URL) : databaseCounters;
}
