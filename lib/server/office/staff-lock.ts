import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/http/errors';

// 5 failed sign-in steps (a wrong password or a wrong code) lock a staff
// account for 15 minutes (issue 18). The attempt is counted before the check,
// in one statement, so that of many guesses sent at once only the first five
// are checked at all.
export const STAFF_MAX_FAILURES = 5;
export const STAFF_LOCK_MINUTES = 15;

function locked(seconds: number): ApiError {
  return new ApiError('too_many_requests', {
    messageKey: 'staff_locked',
    headers: { 'Retry-After': String(Math.max(1, seconds)) },
    values: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
  });
}

/** Counts one attempt for the member; 429 while locked (a lock that has ended starts the count again). */
export async function reserveStaffAttempt(staffId: string) {
  const [row] = await queryRows<{ failed_attempts: number; locked_for: number }>(sql`
    update staff set
      failed_attempts = case when locked_until is not null and locked_until <= now() then 1 else failed_attempts + 1 end,
      locked_until = case when locked_until is not null and locked_until <= now() then null else locked_until end
    where id = ${staffId}
    returning failed_attempts, coalesce(ceil(extract(epoch from (locked_until - now()))), 0)::int as locked_for`);
  if (!row) throw new ApiError('invalid_credentials');
  if (Number(row.locked_for) > 0) throw locked(Number(row.locked_for));
  if (Number(row.failed_attempts) > STAFF_MAX_FAILURES) throw await lockNow(staffId);
}

async function lockNow(staffId: string): Promise<ApiError> {
  await queryRows(sql`
    update staff set locked_until = coalesce(locked_until, now() + make_interval(mins => ${STAFF_LOCK_MINUTES}))
    where id = ${staffId}`);
  return locked(STAFF_LOCK_MINUTES * 60);
}

/** A failed check stays counted; the fifth locks the account at once (the answer says so). */
export async function staffAttemptFailed(staffId: string): Promise<ApiError | null> {
  const [row] = await queryRows<{ failed_attempts: number }>(sql`select failed_attempts from staff where id = ${staffId}`);
  return row && Number(row.failed_attempts) >= STAFF_MAX_FAILURES ? lockNow(staffId) : null;
}

/** A right password gives its attempt back (the code is still to come). */
export async function giveBackStaffAttempt(staffId: string) {
  await queryRows(sql`update staff set failed_attempts = greatest(0, failed_attempts - 1) where id = ${staffId}`);
}

/** A whole sign-in forgets the failures. */
export async function clearStaffFailures(staffId: string) {
  await queryRows(sql`update staff set failed_attempts = 0, locked_until = null where id = ${staffId}`);
}
