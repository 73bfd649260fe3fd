import 'server-only';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { staff, staffSessions } from '@/lib/server/db/schema';
import { hashToken, newToken } from '@/lib/server/auth/tokens';
import type { StaffRole } from '@/lib/office/roles';
import type { StaffMember } from '@/lib/contract/office';

/** A staff session lasts 12 hours at most… */
export const STAFF_SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
/** …and ends after 30 minutes without use. */
export const STAFF_SESSION_IDLE_SECONDS = 30 * 60;

// The signed-in member, as GET /office/me answers it; the console's routes pass it to the services.
export type { StaffMember };

export async function newStaffSession(staffId: string): Promise<string> {
  const token = newToken();
  const db = await getDb();
  await db.insert(staffSessions).values({
    staffId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + STAFF_SESSION_LIFETIME_SECONDS * 1000),
  });
  return token;
}

/**
 * The member a staff token belongs to, if the session is alive (not past its
 * 12 hours, used in the last 30 minutes) and the member is not disabled; each
 * use restarts the idle clock. Staff sessions are looked up in the database
 * every time (no cache, unlike pilgrims'): few staff, and a disabled member
 * must be out at once.
 */
export async function staffByToken(token: string): Promise<StaffMember | null> {
  const db = await getDb();
  const idleSince = sql`now() - make_interval(secs => ${STAFF_SESSION_IDLE_SECONDS})`;
  const [row] = await db
    .update(staffSessions)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), gt(staffSessions.expiresAt, sql`now()`), gt(staffSessions.lastUsedAt, idleSince)))
    .returning({ staffId: staffSessions.staffId });
  if (!row) return null;
  const [member] = await db
    .select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role })
    .from(staff)
    .where(and(eq(staff.id, row.staffId), isNull(staff.disabledAt)));
  return member ? { ...member, role: member.role as StaffRole } : null;
}

export async function endStaffSession(token: string) {
  const db = await getDb();
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
}

/** Every session of a member (disabled, two-factor reset, new password). */
export async function endStaffSessionsOf(staffId: string) {
  const db = await getDb();
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** Housekeeping: sessions past either limit. */
export async function purgeEndedStaffSessions() {
  const db = await getDb();
  const idleSince = sql`now() - make_interval(secs => ${STAFF_SESSION_IDLE_SECONDS})`;
  await db.delete(staffSessions).where(or(lt(staffSessions.expiresAt, sql`now()`), lt(staffSessions.lastUsedAt, idleSince)));
}
