import 'server-only';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { staff, staffChallenges, staffRecoveryCodes, staffTokens } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import type { StaffRole } from '@/lib/office/roles';
import { audit } from '@/lib/server/audit/audit';
import { staffActor } from './office-auth';
import { endStaffSessionsOf, type StaffMember } from './staff-sessions';
import { newSetPasswordLink, setPasswordUrl } from './staff-accounts';
import { queueStaffMail, staffLocale } from './staff-mail';
import { wakeMailer } from '@/lib/server/mail/wake';
import type { StaffListed } from '@/lib/contract/office';

// The staff, managed by admins (issue 18, item 7): invite (staff-accounts.ts),
// change a role, disable or enable, reset two-factor. The office is never left
// without an active admin, and an admin does not lock themselves out.

export async function listStaff(): Promise<StaffListed[]> {
  const db = await getDb();
  const rows = await db.select().from(staff).orderBy(asc(staff.name));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    disabled: row.disabledAt !== null,
    password_set: row.passwordHash !== null,
    two_factor: row.totpSecret !== null,
    locked: row.lockedUntil !== null && row.lockedUntil > new Date(),
    created_at: row.createdAt.toISOString(),
    invited_by: row.invitedBy ? { id: row.invitedBy, name: names.get(row.invitedBy) ?? '' } : null,
  }));
}

/**
 * The active admins but `id`, counted with their rows locked: two admins
 * disabling each other at the same moment are served one after the other,
 * and the second finds the first gone (409), so the office keeps one.
 */
async function otherActiveAdmins(db: Db, id: string) {
  const rows = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt), ne(staff.id, id))).for('update');
  return rows.length;
}

/** A role or the disabled state; the last active admin cannot be demoted or disabled (409), nor can an admin change themselves. */
export async function changeStaff(id: string, change: { role?: StaffRole; disabled?: boolean }, member: StaffMember, address: string | null): Promise<StaffListed> {
  if (id === member.id) throw new ApiError('conflict', { messageKey: 'staff_not_yourself' });
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    // Every admin row first, then the target: one lock order for every change, so two at once cannot deadlock.
    await tx.select({ id: staff.id }).from(staff).where(eq(staff.role, 'admin')).orderBy(asc(staff.id)).for('update');
    const [current] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
    if (!current) throw new ApiError('not_found');
    const losesAdmin = current.role === 'admin' && current.disabledAt === null && ((change.role && change.role !== 'admin') || change.disabled === true);
    if (losesAdmin && (await otherActiveAdmins(tx, id)) === 0) throw new ApiError('conflict', { messageKey: 'staff_last_admin' });
    const disabledAt = change.disabled === undefined ? current.disabledAt : change.disabled ? (current.disabledAt ?? new Date()) : null;
    const [row] = await tx
      .update(staff)
      .set({ role: change.role ?? current.role, disabledAt, updatedAt: new Date() })
      .where(eq(staff.id, id))
      .returning();
    const details: Record<string, string> = {};
    if (change.role && change.role !== current.role) details.role = `${current.role} → ${change.role}`;
    if (change.disabled !== undefined && change.disabled !== (current.disabledAt !== null)) details.disabled = String(change.disabled);
    await audit(staffActor(member), { action: 'staff.change', target: { type: 'staff', id }, details, address }, tx);
    return row!;
  });
  // A disabled member, or one whose role changed, signs in again: their open pages follow the new rights.
  await endStaffSessionsOf(id);
  return (await listStaff()).find((row) => row.id === result.id)!;
}

/**
 * A lost phone: the authenticator and recovery codes are forgotten, and so is
 * the password, so that whoever knows it (the old phone's finder, a colleague
 * who saw it typed) cannot enrol an authenticator of their own. The member is
 * e-mailed a one-time link to choose a new password (72 hours; earlier unused
 * links stop working), as an invitation is, then enrols at the next sign-in.
 * Their sessions and any sign-in under way end. The link is not shown to the
 * admin: it would let an admin take over a colleague's account.
 */
export async function resetTwoFactor(id: string, member: StaffMember, address: string | null) {
  if (id === member.id) throw new ApiError('conflict', { messageKey: 'staff_not_yourself' });
  const db = await getDb();
  await db.transaction(async (tx) => {
    const t = tx;
    const [row] = await tx
      .update(staff)
      .set({ totpSecret: null, totpLastStep: null, passwordHash: null, failedAttempts: 0, lockedUntil: null, updatedAt: new Date() })
      .where(eq(staff.id, id))
      .returning({ id: staff.id, email: staff.email, name: staff.name, locale: staff.locale });
    if (!row) throw new ApiError('not_found');
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
    await tx.delete(staffChallenges).where(eq(staffChallenges.staffId, id));
    await tx.update(staffTokens).set({ usedAt: sql`now()` }).where(and(eq(staffTokens.staffId, id), isNull(staffTokens.usedAt)));
    const token = await newSetPasswordLink(t, id);
    await audit(staffActor(member), { action: 'staff.two_factor_reset', target: { type: 'staff', id }, details: { password: 'cleared' }, address }, t);
    await queueStaffMail(t, row, 'staff_sign_in_reset', { url: setPasswordUrl(token, staffLocale(row)) });
  });
  wakeMailer();
  await endStaffSessionsOf(id);
}
