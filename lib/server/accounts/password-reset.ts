import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { sessions, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { hashPassword } from '@/lib/server/auth/password';
import { counters } from '@/lib/server/auth/rate-limit';
import { createSession } from '@/lib/server/auth/sessions';
import { enqueueMail } from '@/lib/server/mail/outbox';
import { wakeMailer } from '@/lib/server/mail/wake';
import type { Translate } from '@/lib/validation/localize';
import { consumeToken, issueEmailToken, retireTokens } from './email-tokens';
import { findByEmail } from './accounts';
import { publicUser } from './public-user';
import { accountChanged } from '@/lib/server/auth/session-cache';

const WINDOW_SECONDS = 60 * 60;
// Reset e-mails per typed address (whether or not it has an account, so the
// limit itself says nothing) and per client address, each per hour.
const MAX_PER_EMAIL = 3;
const MAX_PER_CLIENT_ADDRESS = 10;

/**
 * Counts the request against every limit before anything is looked up; over
 * a limit → 429 (the same for addresses with and without an account).
 */
async function countResetRequest(keys: { key: string; max: number }[]) {
  const store = counters();
  const counts = await Promise.all(keys.map(({ key }) => store.hit(key, WINDOW_SECONDS)));
  const over = counts.map((count, i) => (count.count > keys[i]!.max ? count.resetInSeconds : 0));
  const retryAfter = Math.max(0, ...over);
  if (retryAfter > 0) {
    await Promise.all(keys.map(({ key }) => store.unhit(key)));
    throw new ApiError('too_many_requests', { headers: { 'Retry-After': String(retryAfter) }, values: { minutes: Math.ceil(retryAfter / 60) } });
  }
}

/**
 * POST /auth/forgot-password: a 30-minute link to the account's address when
 * there is an account; the same answer either way. Accounts made with Google
 * (no password of their own) set one this way.
 */
export async function requestPasswordReset(email: string, clientAddress: string) {
  await countResetRequest([
    { key: `reset:email:${email.toLowerCase()}`, max: MAX_PER_EMAIL },
    { key: `reset:address:${clientAddress}`, max: MAX_PER_CLIENT_ADDRESS },
  ]);
  const user = await findByEmail(email);
  if (!user) return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { token } = await issueEmailToken(tx, { userId: user.id, purpose: 'reset_password', email: user.email });
    await enqueueMail(tx, { kind: 'reset_password', userId: user.id, params: { token } });
  });
  wakeMailer();
}

/**
 * POST /auth/reset-password: sets the new password, ends every session of the
 * account (whoever knew the old password is out), opens one for this device,
 * and tells the owner by e-mail. The link proves the owner reads that inbox,
 * so it also confirms the address.
 */
export async function resetPassword(input: { token: string; password: string }, t: Translate) {
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    const used = await consumeToken(tx, input.token, ['reset_password']);
    if (!used) throw new ApiError('validation_failed', { messageKey: 'reset_link_invalid', fields: { token: [t('ApiErrors.reset_link_invalid')] } });
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        // An account made with Google has one now, so it may unlink Google.
        hasPassword: true,
        // Only when the link went to the address the account still has.
        emailVerifiedAt: sql`case when lower(${users.email}) = lower(${used.email}) then coalesce(${users.emailVerifiedAt}, now()) else ${users.emailVerifiedAt} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, used.userId))
      .returning();
    if (!user) throw new ApiError('validation_failed', { messageKey: 'reset_link_invalid', fields: { token: [t('ApiErrors.reset_link_invalid')] } });
    await retireTokens(tx, user.id, ['reset_password']);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await accountChanged(tx, user.id);
    await enqueueMail(tx, { kind: 'password_changed', userId: user.id, params: {} });
    return user;
  });
  wakeMailer();
  return { user: publicUser(user), token: await createSession(user.id) };
}
