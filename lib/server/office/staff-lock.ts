import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/http/errors';

// Failed sign-in steps lock, in two ways (issue 18; the issue on staff lock-out,
// item 3):
//
// - The password step counts per (member, client address): 5 wrong passwords
//   from one address lock that address out of that account for 15 minutes.
//   A stranger can only lock their own address out, never keep the member
//   out from elsewhere; and while locked, the answer is the wrong password's
//   (the password is not even checked), so the lock tells nobody who is on
//   the staff, nor whether a guess was right.
// - The code step (reached only with the right password) counts per member: 5
//   wrong codes lock the account for 15 minutes from every address, and say
//   so (429), since whoever gets there already knows the password.
//
// Each attempt is counted before the check, in one statement, so that of many
// guesses sent at once only the first five are checked at all.
export const STAFF_MAX_FAILURES = 5;
export const STAFF_LOCK_MINUTES = 15;

function locked(seconds: number): ApiError {
  return new ApiError('too_many_requests', {
    messageKey: 'staff_locked',
    headers: { 'Retry-After': String(Math.max(1, seconds)) },
    values: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
  });
}

// The password step, per (member, client address).

/**
 * Counts one password attempt of this address on this member; answers whether
 * it may be checked: not while the address is locked out, nor past the fifth
 * (those wait for the checked ones; a lock that has ended starts the count again).
 */
export async function reservePasswordAttempt(staffId: string, address: string): Promise<boolean> {
  const [row] = await queryRows<{ failed_attempts: number; locked: boolean }>(sql`
    insert into staff_sign_in_locks (staff_id, address, failed_attempts, updated_at)
    values (${staffId}, ${address}, 1, now())
    on conflict (staff_id, address) do update set
      failed_attempts = case when staff_sign_in_locks.locked_until <= now() then 1 else staff_sign_in_locks.failed_attempts + 1 end,
      locked_until = case when staff_sign_in_locks.locked_until <= now() then null else staff_sign_in_locks.locked_until end,
      updated_at = now()
    returning failed_attempts, coalesce(locked_until > now(), false) as locked`);
  return !!row && !row.locked && Number(row.failed_attempts) <= STAFF_MAX_FAILURES;
}

/** A wrong password stays counted; the fifth locks the address out. Answers true when this call set the lock. */
export async function passwordAttemptFailed(staffId: string, address: string): Promise<boolean> {
  const rows = await queryRows<{ staff_id: string }>(sql`
    update staff_sign_in_locks set locked_until = now() + make_interval(mins => ${STAFF_LOCK_MINUTES}), updated_at = now()
    where staff_id = ${staffId} and address = ${address} and failed_attempts >= ${STAFF_MAX_FAILURES} and locked_until is null
    returning staff_id`);
  return rows.length > 0;
}

/** The right password: this address's wrong guesses on this member are forgotten. */
export async function clearPasswordFailures(staffId: string, address: string) {
  await queryRows(sql`delete from staff_sign_in_locks where staff_id = ${staffId} and address = ${address}`);
}

/** A new password (set with a link): every address's count on the member starts again. */
export async function clearAllPasswordFailures(staffId: string) {
  await queryRows(sql`delete from staff_sign_in_locks where staff_id = ${staffId}`);
}

/** Housekeeping: counts untouched for a day and no longer locking anything. */
export async function purgeStaleStaffLocks() {
  await queryRows(sql`
    delete from staff_sign_in_locks
    where updated_at < now() - interval '1 day' and (locked_until is null or locked_until < now())`);
}

// The code step, per member.

/** Counts one code attempt for the member; 429 while locked (a lock that has ended starts the count again). */
export async function reserveStaffAttempt(staffId: string) {
  const [row] = await queryRows<{ failed_attempts: number; locked_for: number }>(sql`
    update staff set
      failed_attempts = case when locked_until is not null and locked_until <= now() then 1 else failed_attempts + 1 end,
      locked_until = case when locked_until is not null and locked_until <= now() then null else locked_until end
    where id = ${staffId}
    returning failed_attempts, coalesce(ceil(extract(epoch from (locked_until - now()))), 0)::int as locked_for`);
  if (!row) throw new ApiError('invalid_credentials');
  if (Number(row.locked_for) > 0) throw locked(Number(row.locked_for));
  if (Number(row.failed_attempts) > STAFF_MAX_FAILURES) throw (await lockNow(staffId)).error;
}

/** Locks the account unless it is locked already; `newly` when this call set the lock. */
async function lockNow(staffId: string): Promise<{ error: ApiError; newly: boolean }> {
  const rows = await queryRows<{ id: string }>(sql`
    update staff set locked_until = now() + make_interval(mins => ${STAFF_LOCK_MINUTES})
    where id = ${staffId} and locked_until is null
    returning id`);
  return { error: locked(STAFF_LOCK_MINUTES * 60), newly: rows.length > 0 };
}

/**
 * A wrong code stays counted; the fifth locks the account at once (the answer
 * says so). `newly` when this call set the lock (the member is then told).
 */
export async function staffAttemptFailed(staffId: string): Promise<{ error: ApiError; newly: boolean } | null> {
  const [row] = await queryRows<{ failed_attempts: number }>(sql`select failed_attempts from staff where id = ${staffId}`);
  return row && Number(row.failed_attempts) >= STAFF_MAX_FAILURES ? lockNow(staffId) : null;
}

/** A whole sign-in forgets the code step's failures. */
export async function clearStaffFailures(staffId: string) {
  await queryRows(sql`update staff set failed_attempts = 0, locked_until = null where id = ${staffId}`);
}
