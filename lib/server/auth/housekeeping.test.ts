import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb, queryRows } from '@/lib/server/db/client';
import { withTestDatabase } from '@/test/database';
import { newUser } from '@/test/accounts';
import { startHousekeeping } from './housekeeping';

withTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

async function sessionCount(userId: string) {
  const [row] = await queryRows<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${userId}`);
  return Number(row!.n);
}

async function rateLimitKeys() {
  return (await queryRows<{ key: string }>(sql`select key from rate_limits where key like 'housekeeping:%' order by key`)).map((row) => row.key);
}

/** Two expired sessions (idle 31 days; 91 days old) and a live one, and rate-limit windows ended long ago and running. */
async function leftovers(userId: string, tag: string) {
  const db = await getDb();
  await db.execute(sql`insert into sessions (user_id, token_hash, created_at, last_used_at) values
    (${userId}, ${`idle-${tag}`}, now() - interval '40 days', now() - interval '31 days'),
    (${userId}, ${`old-${tag}`}, now() - interval '91 days', now())`);
  await db.execute(sql`insert into rate_limits (key, count, reset_at) values
    (${`housekeeping:ended-${tag}`}, 3, now() - interval '2 days'),
    (${`housekeeping:running-${tag}`}, 3, now() + interval '10 minutes')`);
}

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('session and rate-limit housekeeping', () => {
  it('runs at start and every hour: forgets expired sessions and ended rate-limit windows only', async () => {
    const { user } = await newUser();
    await leftovers(user.id, 'a');
    expect(await sessionCount(user.id)).toBe(3);
    vi.useFakeTimers({ toFake: ['setInterval'] });
    startHousekeeping();
    // Both purges run side by side: wait for the two of them, not the first to finish.
    await until(async () => (await sessionCount(user.id)) === 1 && (await rateLimitKeys()).length === 1);
    expect(await sessionCount(user.id)).toBe(1);
    expect(await rateLimitKeys()).toEqual(['housekeeping:running-a']);

    await leftovers(user.id, 'b');
    vi.advanceTimersByTime(60 * 60 * 1000);
    await until(async () => (await sessionCount(user.id)) === 1 && (await rateLimitKeys()).length === 2);
    expect(await sessionCount(user.id)).toBe(1);
    expect(await rateLimitKeys()).toEqual(['housekeeping:running-a', 'housekeeping:running-b']);
  });

  it('forgets the console’s counts of wrong passwords per address once untouched for a day, never a running lock', async () => {
    const [member] = await queryRows<{ id: string }>(sql`insert into staff (email, name, role) values (${`keeper.${Date.now()}@office.example`}, 'Keeper', 'reviewer') returning id`);
    await queryRows(sql`insert into staff_sign_in_locks (staff_id, address, failed_attempts, locked_until, updated_at) values
      (${member!.id}, '192.0.2.1', 3, null, now() - interval '2 days'),
      (${member!.id}, '192.0.2.2', 5, now() - interval '1 day', now() - interval '2 days'),
      (${member!.id}, '192.0.2.3', 5, now() + interval '10 minutes', now() - interval '2 days'),
      (${member!.id}, '192.0.2.4', 2, null, now() - interval '1 hour')`);
    const left = async () => (await queryRows<{ address: string }>(sql`select address from staff_sign_in_locks where staff_id = ${member!.id} order by address`)).map((row) => row.address);
    startHousekeeping();
    await until(async () => (await left()).length === 2);
    expect(await left()).toEqual(['192.0.2.3', '192.0.2.4']);
  });
});
