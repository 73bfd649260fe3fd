import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { staff, staffTokens } from '@/lib/server/db/schema';
import { hashPassword } from '@/lib/server/auth/password';
import { hashToken, newToken } from '@/lib/server/auth/tokens';
import { publicSiteUrl } from '@/lib/server/http/origin';
import { ApiError } from '@/lib/server/http/errors';
import { isUniqueViolation } from '@/lib/server/db/unique-violation';
import type { Translate } from '@/lib/validation/localize';
import type { StaffRole } from '@/lib/office/roles';
import { audit, type AuditActor } from '@/lib/server/audit/audit';
import { endStaffSessionsOf } from './staff-sessions';
import { clearAllPasswordFailures } from './staff-lock';
import { enqueueMail } from '@/lib/server/mail/outbox';
import { wakeMailer } from '@/lib/server/mail/wake';

/** A link to set a password is good for 72 hours, once. */
export const SET_PASSWORD_LINK_HOURS = 72;

/** Where a member sets a password: an absolute URL from APP_URL only (never the request's Host). */
export function setPasswordUrl(token: string, locale: 'en' | 'ar' = 'en') {
  return `${publicSiteUrl()}/${locale}/office/set-password?token=${encodeURIComponent(token)}`;
}

/** A new one-time link to set the member's password (72 hours); only its hash is kept. */
export async function newSetPasswordLink(db: Db, staffId: string) {
  const token = newToken();
  await db.insert(staffTokens).values({ staffId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_HOURS * 3_600_000) });
  return token;
}

/**
 * A new staff member, without a password: the one-time link with which they
 * set one (then enrol an authenticator at first sign-in) is e-mailed to them,
 * and answered as `token` for the operator's key alone (POST /ops/staff,
 * npm run staff): an admin inviting from the console never sees it, or they
 * could sign in as the member and be the second pair of eyes on their own
 * refunds (issue 58, item 3). A member invited from the console is recorded
 * as invited by that admin (`invited_by`), as the audit log says.
 * An address already on the staff is refused with 422 on `email`.
 */
export async function addStaff(input: { email: string; name: string; role: StaffRole }, actor: AuditActor, address: string | null, t: Translate, locale: 'en' | 'ar' = 'en') {
  const db = await getDb();
  try {
    const added = await db.transaction(async (tx) => {
      const [member] = await tx
        .insert(staff)
        .values({ email: input.email, name: input.name, role: input.role, locale, invitedBy: actor.kind === 'staff' ? actor.id : null })
        .returning({ id: staff.id, email: staff.email, name: staff.name, role: staff.role });
      const token = await newSetPasswordLink(tx, member!.id);
      await audit(actor, { action: 'staff.add', target: { type: 'staff', id: member!.id }, details: { role: input.role }, address }, tx);
      // The invitation by e-mail, sent once this commits (without e-mail yet, whoever runs the server reads it: npm run mail -- --latest).
      await enqueueMail(tx, { kind: 'staff_invite', userId: null, to: member!.email, params: { url: setPasswordUrl(token, locale), name: member!.name, locale } });
      return { staff: member!, token };
    });
    wakeMailer();
    return added;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('validation_failed', { fields: { email: [t('ApiErrors.staff_email_taken')] } });
    throw error;
  }
}


/**
 * Sets a member's password with a link's token (single use, 72 hours). The
 * member's sessions end: whoever held the old password is out.
 */
export async function setStaffPassword(token: string, password: string, address: string | null, t: Translate) {
  const db = await getDb();
  const passwordHash = await hashPassword(password);
  const member = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(staffTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(staffTokens.tokenHash, hashToken(token)), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, sql`now()`)))
      .returning({ staffId: staffTokens.staffId });
    if (!link) throw new ApiError('validation_failed', { messageKey: 'staff_link_invalid', fields: { token: [t('ApiErrors.staff_link_invalid')] } });
    const [row] = await tx
      .update(staff)
      .set({ passwordHash, failedAttempts: 0, lockedUntil: null, updatedAt: sql`now()` })
      .where(and(eq(staff.id, link.staffId), isNull(staff.disabledAt)))
      .returning({ id: staff.id, email: staff.email });
    if (!row) throw new ApiError('validation_failed', { messageKey: 'staff_link_invalid', fields: { token: [t('ApiErrors.staff_link_invalid')] } });
    await audit({ kind: 'staff', id: row.id, email: row.email }, { action: 'staff.password_set', target: { type: 'staff', id: row.id }, address }, tx);
    return row;
  });
  await endStaffSessionsOf(member.id);
  // A new password: the wrong guesses at the old one no longer lock any address out.
  await clearAllPasswordFailures(member.id);
}
