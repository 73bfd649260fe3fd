import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { verifyPassword } from '@/lib/server/auth/password';
import { counters } from '@/lib/server/auth/rate-limit';
import type { Session, User } from '@/lib/server/auth/session-types';
import { enqueueMail } from '@/lib/server/mail/outbox';
import { maskAddress } from '@/lib/server/mail/content';
import { wakeMailer } from '@/lib/server/mail/wake';
import type { Translate } from '@/lib/validation/localize';
import { codeWasIssued, consumeCode, consumeToken, countCodeTry, issueEmailToken, retireTokens, type EmailToken } from './email-tokens';
import { isUniqueViolation } from '@/lib/server/db/unique-violation';
import { publicUser } from './public-user';
import type { PendingEmail, PublicUser } from '@/lib/contract/accounts';
import { accountChanged } from '@/lib/server/auth/session-cache';

/** Whether the account's address is proven to be its owner's (a link or code from it was used, or Google vouched). */
export function isEmailVerified(user: Pick<User, 'emailVerifiedAt'>): boolean {
  return user.emailVerifiedAt !== null;
}

/** 403 `email_unverified` for what needs a proven address: submitting a request, paying. */
export function requireVerifiedEmail(user: Pick<User, 'emailVerifiedAt'>) {
  if (!isEmailVerified(user)) throw new ApiError('email_unverified');
}

// Resends and address changes: 3 e-mails an hour per account (each is a message to someone's inbox).
const SEND_WINDOW_SECONDS = 60 * 60;
const MAX_SENDS_PER_ACCOUNT = 3;
// Wrong codes: 5 per account per 15 minutes, so a million codes cannot be walked through.
const CODE_WINDOW_SECONDS = 15 * 60;
const MAX_CODE_TRIES = 5;

/** Counts before acting (as sign-in does): of many at once, only the limit get through. */
async function spend(key: string, max: number, windowSeconds: number) {
  const count = await counters().hit(key, windowSeconds);
  if (count.count > max) {
    await counters().unhit(key);
    throw new ApiError('too_many_requests', {
      headers: { 'Retry-After': String(count.resetInSeconds) },
      values: { minutes: Math.ceil(count.resetInSeconds / 60) },
    });
  }
}

/**
 * Queues the link and code that confirm `email` for the account (registration, resend, change of address);
 * `next`, a page of this site already checked, is where the confirmed page leads (the application form).
 */
export async function sendVerification(tx: Db, user: Pick<User, 'id'>, email: string, purpose: 'verify_email' | 'change_email', next?: string) {
  const { token, code } = await issueEmailToken(tx, { userId: user.id, purpose, email });
  await enqueueMail(tx, { kind: purpose, userId: user.id, to: email, params: { token, code: code!, ...(next ? { next } : {}) } });
}

/** POST /auth/verify-email/resend: a new link and code for the account's address. */
export async function resendVerification(session: Session) {
  if (isEmailVerified(session.user)) throw new ApiError('conflict', { messageKey: 'email_already_verified' });
  await spend(`verify-send:account:${session.user.id}`, MAX_SENDS_PER_ACCOUNT, SEND_WINDOW_SECONDS);
  const db = await getDb();
  await db.transaction(async (tx) => sendVerification(tx, session.user, session.user.email, 'verify_email'));
  wakeMailer();
}

/**
 * POST /me/email: a new address is confirmed before it replaces the old one.
 * The current password is asked, so that a session left open somewhere cannot
 * move the account (and its password resets) to another inbox.
 */
export async function requestEmailChange(session: Session, input: { email: string; current_password: string }, t: Translate): Promise<PendingEmail> {
  if (!(await verifyPassword(input.current_password, session.user.passwordHash))) {
    throw new ApiError('validation_failed', { fields: { current_password: [t('ApiErrors.wrong_current_password')] } });
  }
  if (input.email.toLowerCase() === session.user.email.toLowerCase()) {
    throw new ApiError('validation_failed', { fields: { email: [t('ApiErrors.email_unchanged')] } });
  }
  await spend(`verify-send:account:${session.user.id}`, MAX_SENDS_PER_ACCOUNT, SEND_WINDOW_SECONDS);
  // Whether another account has the address is not said here (it would name
  // that account to anyone signed in); the link refuses it if still taken.
  const db = await getDb();
  await db.transaction(async (tx) => {
    await retireTokens(tx, session.user.id, ['change_email']);
    await sendVerification(tx, session.user, input.email, 'change_email');
  });
  wakeMailer();
  return { pending_email: input.email };
}

/**
 * POST /auth/verify-email: a link's token (from any browser, signed in or
 * not) or a typed code (the signed-in account's own). Confirms the address,
 * or, for a change of address, replaces the account's address and tells the
 * old one. 422 `email_link_invalid` for anything unknown, used or expired.
 */
export async function verifyEmail(input: { token: string } | { code: string; session: Session }, t: Translate): Promise<PublicUser> {
  const db = await getDb();
  if ('code' in input) {
    await spend(`verify-code:account:${input.session.user.id}`, MAX_CODE_TRIES, CODE_WINDOW_SECONDS);
    await countCodeTry(db, input.session.user.id, ['verify_email', 'change_email']);
  }
  try {
    const { user, used } = await db.transaction(async (tx) => {
      const purposes = ['verify_email', 'change_email'] as const;
      const used =
        'code' in input
          ? await consumeCode(tx, input.session.user.id, input.code, [...purposes])
          : await consumeToken(tx, input.token, [...purposes]);
      if (!used) {
        // A code never sent is a slip of the fingers: "not right", not "used or expired" (issue 63, item 9).
        const key = 'code' in input && !(await codeWasIssued(tx, input.session.user.id, input.code, [...purposes])) ? 'email_code_wrong' : 'email_link_invalid';
        throw new ApiError('validation_failed', { messageKey: key, fields: { ['code' in input ? 'code' : 'token']: [t(`ApiErrors.${key}`)] } });
      }
      return { used, user: await applyVerification(tx, used) };
    });
    if (used.purpose === 'change_email') wakeMailer();
    if ('code' in input) await counters().reset(`verify-code:account:${input.session.user.id}`);
    return publicUser(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('validation_failed', { fields: { email: [t('ApiErrors.email_taken')] } });
    throw error;
  }
}

async function applyVerification(tx: Db, used: EmailToken): Promise<User> {
  const [current] = await tx.select().from(users).where(eq(users.id, used.userId)).limit(1).for('update');
  if (!current) throw new ApiError('validation_failed', { messageKey: 'email_link_invalid' });
  // Sessions cached with the old address, or as unconfirmed, are forgotten (session-cache.ts).
  await accountChanged(tx, current.id);
  if (used.purpose === 'verify_email') {
    // A link for an address the account no longer has proves nothing about the current one.
    if (current.email.toLowerCase() !== used.email.toLowerCase()) throw new ApiError('validation_failed', { messageKey: 'email_link_invalid' });
    await retireTokens(tx, current.id, ['verify_email']);
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, current.id))
      .returning();
    return user!;
  }
  const [user] = await tx
    .update(users)
    .set({ email: used.email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, current.id), ne(users.email, used.email)))
    .returning();
  await retireTokens(tx, current.id, ['change_email', 'verify_email', 'reset_password']);
  if (!user) return current;
  // The old address hears of it: if this was not the owner, they know at once.
  await enqueueMail(tx, { kind: 'email_changed', userId: current.id, to: current.email, params: { email: maskAddress(used.email) } });
  return user;
}
