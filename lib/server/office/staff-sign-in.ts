import 'server-only';
import { randomBytes, createHash } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { staff, staffChallenges, staffRecoveryCodes } from '@/lib/server/db/schema';
import { timingDummyHash, verifyPassword } from '@/lib/server/auth/password';
import { hashToken, newToken } from '@/lib/server/auth/tokens';
import { counters } from '@/lib/server/auth/rate-limit';
import { SIGN_IN_WINDOW_SECONDS, MAX_FAILURES_PER_ADDRESS } from '@/lib/server/auth/sign-in-limits';
import { ApiError } from '@/lib/server/http/errors';
import type { Translate } from '@/lib/validation/localize';
import { westernDigits } from '@/lib/validation/digits';
import type { StaffRole } from '@/lib/office/roles';
import type { AppLocale } from '@/i18n/routing';
import { audit } from '@/lib/server/audit/audit';
import { checkTotp, newTotpSecret, totpUri } from './totp';
import { clearPasswordFailures, clearStaffFailures, passwordAttemptFailed, reservePasswordAttempt, reserveStaffAttempt, staffAttemptFailed } from './staff-lock';
import { queueStaffMail, staffLocked } from './staff-mail';
import { wakeMailer } from '@/lib/server/mail/wake';
import { newStaffSession, type StaffMember } from './staff-sessions';
import type { StaffPasswordStep } from '@/lib/contract/office';

// The console's sign-in: a password, then a code from the member's
// authenticator app (or a recovery code). At the first sign-in the password
// step answers a new secret to enrol instead, and the first right code from it
// turns two-factor on and answers ten recovery codes, shown once.

/** Between the two steps: 5 minutes. */
export const CHALLENGE_SECONDS = 5 * 60;
export const RECOVERY_CODES = 10;

const addressKey = (address: string) => `office-sign-in:address:${address}`;

/** Unknown addresses cannot lock anything: a limit per client address (as for pilgrims) covers them. */
async function countAddress(address: string) {
  const count = await counters().hit(addressKey(address), SIGN_IN_WINDOW_SECONDS);
  if (count.count > MAX_FAILURES_PER_ADDRESS) {
    await counters().unhit(addressKey(address));
    throw new ApiError('too_many_requests', { headers: { 'Retry-After': String(count.resetInSeconds) }, values: { minutes: Math.ceil(count.resetInSeconds / 60) } });
  }
}

export async function staffPasswordStep(input: { email: string; password: string }, address: string): Promise<StaffPasswordStep> {
  await countAddress(address);
  const db = await getDb();
  const [member] = await db
    .select()
    .from(staff)
    .where(and(sql`lower(${staff.email}) = lower(${input.email})`, isNull(staff.disabledAt)));
  // An unknown address, a member without a password, and an address locked
  // out of this account (5 wrong passwords from it) all get the wrong
  // password's answer, in the same time: nobody learns who is on the staff,
  // nor, while locked, whether a guess was right.
  if (!member?.passwordHash || !(await reservePasswordAttempt(member.id, address))) {
    await verifyPassword(input.password, await timingDummyHash());
    throw new ApiError('invalid_credentials');
  }
  if (!(await verifyPassword(input.password, member.passwordHash))) {
    await audit({ kind: 'staff', id: member.id, email: member.email }, { action: 'staff.sign_in_failed', details: { step: 'password' }, address });
    if (await passwordAttemptFailed(member.id, address)) await staffLocked(member, 'password', address);
    throw new ApiError('invalid_credentials');
  }
  await clearPasswordFailures(member.id, address);
  await counters().unhit(addressKey(address));
  // A member whose account is locked by wrong codes still gets a challenge: the code step says it is locked
  // (only someone with the password gets that far).
  const challenge = newToken();
  const pendingSecret = member.totpSecret ? null : newTotpSecret();
  await db.delete(staffChallenges).where(or(eq(staffChallenges.staffId, member.id), lt(staffChallenges.expiresAt, sql`now()`)));
  await db.insert(staffChallenges).values({ staffId: member.id, tokenHash: hashToken(challenge), pendingSecret, expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000) });
  return pendingSecret ? { next: 'enrol', challenge, secret: pendingSecret, otpauth_uri: totpUri(pendingSecret, member.email) } : { next: 'code', challenge };
}

/** Recovery codes as printed: 10 characters from an alphabet without look-alikes, shown as xxxxx-xxxxx. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const recoveryHash = (staffId: string, code: string) => createHash('sha256').update(`${staffId}:${code.toLowerCase().replace(/[\s-]/g, '')}`).digest('hex');

async function spendRecoveryCode(db: Db, staffId: string, code: string): Promise<boolean> {
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, recoveryHash(staffId, westernDigits(code))), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return used.length > 0;
}

async function replaceRecoveryCodes(db: Db, staffId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await db.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: recoveryHash(staffId, code) })));
  return codes;
}

/** Takes a TOTP step only if it is newer than the last one used (two tabs sending one code: one wins). */
async function takeStep(db: Db, staffId: string, step: number): Promise<boolean> {
  const taken = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return taken.length > 0;
}

export type SignedInStaff = { staff: StaffMember; token: string; recoveryCodes?: string[] };

/**
 * The second step. `locale` is the console's language when the request names
 * one (Accept-Language): a whole sign-in makes it the member's e-mail language.
 */
export async function staffCodeStep(input: { challenge: string; code: string }, address: string, t: Translate, locale: AppLocale | null = null): Promise<SignedInStaff> {
  const db = await getDb();
  const [row] = await db
    .select({ challengeId: staffChallenges.id, pendingSecret: staffChallenges.pendingSecret, member: staff })
    .from(staffChallenges)
    .innerJoin(staff, eq(staff.id, staffChallenges.staffId))
    .where(and(eq(staffChallenges.tokenHash, hashToken(input.challenge)), gt(staffChallenges.expiresAt, sql`now()`), isNull(staff.disabledAt)));
  if (!row) throw new ApiError('validation_failed', { messageKey: 'staff_challenge_expired', fields: { challenge: [t('ApiErrors.staff_challenge_expired')] } });
  const { member } = row;
  const actor = { kind: 'staff' as const, id: member.id, email: member.email };
  // The member's e-mails about this sign-in go in the language it is made in.
  const mailee = { ...member, locale: locale ?? member.locale };
  const challengeGone = () => new ApiError('validation_failed', { messageKey: 'staff_challenge_expired', fields: { challenge: [t('ApiErrors.staff_challenge_expired')] } });
  await reserveStaffAttempt(member.id);

  let recoveryCodes: string[] | undefined;
  let how: 'totp' | 'recovery_code' | 'enrolment' | null = null;
  if (member.totpSecret) {
    const step = checkTotp(member.totpSecret, input.code, member.totpLastStep);
    if (step !== null && (await takeStep(db, member.id, step))) how = 'totp';
    else if (await spendRecoveryCode(db, member.id, input.code)) {
      how = 'recovery_code';
      // Told every time: a recovery code used by someone else means the password and the codes are out.
      const [left] = await db.select({ n: count() }).from(staffRecoveryCodes).where(and(eq(staffRecoveryCodes.staffId, member.id), isNull(staffRecoveryCodes.usedAt)));
      await queueStaffMail(db, mailee, 'staff_recovery_code_used', { address, remaining: String(left?.n ?? 0) });
      wakeMailer();
    }
  } else if (row.pendingSecret) {
    const step = checkTotp(row.pendingSecret, input.code, null);
    if (step !== null) {
      recoveryCodes = await db.transaction(async (tx) => {
        const t = tx;
        // The challenge is taken here, in the enrolment's transaction: a two-factor reset meanwhile (which
        // deletes it, and the password) leaves nothing to enrol.
        const [taken] = await tx.delete(staffChallenges).where(eq(staffChallenges.id, row.challengeId)).returning({ id: staffChallenges.id });
        if (!taken) throw challengeGone();
        const [enrolled] = await tx
          .update(staff)
          .set({ totpSecret: row.pendingSecret, totpLastStep: step, updatedAt: sql`now()` })
          .where(and(eq(staff.id, member.id), isNull(staff.totpSecret), isNotNull(staff.passwordHash)))
          .returning({ id: staff.id });
        if (!enrolled) throw challengeGone();
        await audit(actor, { action: 'staff.two_factor_enrolled', target: { type: 'staff', id: member.id }, address }, t);
        // Told every time: an authenticator enrolled by someone else is the account taken over.
        await queueStaffMail(t, mailee, 'staff_two_factor_enrolled', { address });
        return replaceRecoveryCodes(t, member.id);
      });
      wakeMailer();
      how = 'enrolment';
    }
  }
  if (!how) {
    await audit(actor, { action: 'staff.sign_in_failed', details: { step: 'code' }, address });
    const lock = await staffAttemptFailed(member.id);
    if (lock?.newly) await staffLocked(member, 'code', address);
    throw lock?.error ?? new ApiError('validation_failed', { messageKey: 'staff_code_wrong', fields: { code: [t('ApiErrors.staff_code_wrong')] } });
  }
  if (how !== 'enrolment') {
    // Used once; gone already when a reset (or another tab) took it meanwhile.
    const taken = await db.delete(staffChallenges).where(eq(staffChallenges.id, row.challengeId)).returning({ id: staffChallenges.id });
    if (taken.length === 0) throw challengeGone();
  }
  await clearStaffFailures(member.id);
  if (locale && locale !== member.locale) await db.update(staff).set({ locale }).where(eq(staff.id, member.id));
  await audit(actor, { action: 'staff.sign_in', details: { with: how }, address });
  const token = await newStaffSession(member.id);
  return { staff: { id: member.id, email: member.email, name: member.name, role: member.role as StaffRole }, token, recoveryCodes };
}
