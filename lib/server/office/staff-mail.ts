import 'server-only';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { isAppLocale, type AppLocale } from '@/i18n/routing';
import { getDb, type Db } from '@/lib/server/db/client';
import { staff } from '@/lib/server/db/schema';
import { enqueueMail, type QueuedMail } from '@/lib/server/mail/outbox';
import { wakeMailer } from '@/lib/server/mail/wake';
import { audit } from '@/lib/server/audit/audit';

// What a member of staff is told by e-mail about their own account's security
// (the invitation is in staff-accounts.ts): a lock, an authenticator enrolled,
// a recovery code used, a reset of their sign-in. Written to the outbox in the
// member's language (staff.locale); sent whatever the member's settings.

export type StaffMailee = { id: string; email: string; name: string; locale: string };
type StaffMailKind = Extract<QueuedMail['kind'], `staff_${string}`>;

export function staffLocale(member: Pick<StaffMailee, 'locale'>): AppLocale {
  return isAppLocale(member.locale) ? member.locale : 'ar';
}

/** Queues an e-mail to the member in the caller's transaction (call wakeMailer() after the commit). */
export async function queueStaffMail(db: Db, member: StaffMailee, kind: StaffMailKind, params: Record<string, string> = {}) {
  await enqueueMail(db, { kind, userId: null, to: member.email, params: { name: member.name, locale: staffLocale(member), at: new Date().toISOString(), ...params } });
}

/** Wrong-password locks come from strangers, from as many addresses as they have: one such e-mail an hour at most. */
const PASSWORD_LOCK_MAIL_MINUTES = 60;

/**
 * A lock was just set: audited (with the client's address), and the member
 * told by e-mail: always after wrong codes (whoever did it has the password),
 * at most once an hour after wrong passwords (each address of a botnet could
 * otherwise send one).
 */
export async function staffLocked(member: StaffMailee, step: 'password' | 'code', address: string) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const t = tx;
    await audit({ kind: 'staff', id: member.id, email: member.email }, { action: 'staff.locked', target: { type: 'staff', id: member.id }, details: { step }, address }, t);
    const due = await t
      .update(staff)
      .set({ lockNotifiedAt: sql`now()` })
      .where(
        step === 'code'
          ? eq(staff.id, member.id)
          : and(eq(staff.id, member.id), or(isNull(staff.lockNotifiedAt), lt(staff.lockNotifiedAt, sql`now() - make_interval(mins => ${PASSWORD_LOCK_MAIL_MINUTES})`))),
      )
      .returning({ id: staff.id });
    if (due.length > 0) await queueStaffMail(t, member, 'staff_locked', { step, address });
  });
  wakeMailer();
}
