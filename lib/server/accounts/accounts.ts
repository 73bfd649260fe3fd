import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/server/http/errors';
import { getDb } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/unique-violation';
import { notify } from '@/lib/server/notifications/notify';
import { users } from '@/lib/server/db/schema';
import { hashPassword, timingDummyHash, verifyPassword } from '@/lib/server/auth/password';
import { createSession, revokeOtherSessions, revokeSession } from '@/lib/server/auth/sessions';
import type { Session, User } from '@/lib/server/auth/session-types';
import { beginSignIn, countRegistration } from '@/lib/server/auth/sign-in-limits';
import type { Translate } from '@/lib/validation/localize';
import type { ProfileUpdate } from '@/lib/auth/schemas';
import { eraseAccount } from './account-deletion';
import { publicUser } from './public-user';
import type { PublicUser } from '@/lib/contract/accounts';
import { sendVerification } from './email-verification';
import { wakeMailer } from '@/lib/server/mail/wake';
import { publicSiteUrl } from '@/lib/server/http/origin';
import { returnPath } from '@/lib/auth/return-path';
import { accountChanged } from '@/lib/server/auth/session-cache';

/**
 * Creates an account. The attempt counts against the address before the e-mail
 * address is looked at, so "taken" (which names an account) is answered a few
 * times an hour per address at most; both answers spend the same scrypt hash.
 */
export async function register(
  input: { name: string; email: string; phone?: string; password: string; next?: string },
  locale: string,
  t: Translate,
  address: string,
): Promise<{ user: PublicUser; token: string }> {
  await countRegistration(address);
  const db = await getDb();
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, phone: input.phone ?? null, locale, passwordHash })
        .returning();
      await notify(tx, { userId: created!.id, type: 'welcome', params: { name: created!.name } });
      // The link and code that confirm the address, sent with the account or not at all.
      await sendVerification(tx, created!, created!.email, 'verify_email', confirmationReturn(input.next, locale));
      return created!;
    });
    wakeMailer();
    return { user: publicUser(user), token: await createSession(user.id) };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError('validation_failed', { fields: { email: [t('ApiErrors.email_taken')] } });
    }
    throw error;
  }
}

/**
 * The page the confirmation link leads back to after confirming: the `next` the
 * registration came with, when it is a page of this site (resolved against
 * APP_URL, as sign-in resolves its own `next`), kept as a path; else none.
 */
export function confirmationReturn(next: string | undefined, locale: string): string | undefined {
  const path = returnPath(next, { origin: publicSiteUrl(), locale });
  return path === `/${locale}` ? undefined : path;
}

export async function findByEmail(email: string): Promise<User | undefined> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return user;
}

/**
 * Wrong e-mail or wrong password: the same 422, the same time spent. The
 * attempt is counted before the password is checked (see beginSignIn).
 */
export async function login(input: { email: string; password: string }, address: string) {
  const user = await findByEmail(input.email);
  // Counted per account (its id: every spelling the database matches to it counts together), or per address typed.
  const attempt = await beginSignIn(user ? `user:${user.id}` : `email:${input.email.toLowerCase()}`, address);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await timingDummyHash()));
  if (!user || !valid) throw new ApiError('invalid_credentials');
  await attempt.succeeded();
  return { user: publicUser(user), token: await createSession(user.id) };
}

export async function logout(session: Session) {
  await revokeSession(session.id);
}

/** Changes the fields given (undefined: unchanged; a null phone clears it). */
export async function updateProfile(session: Session, input: ProfileUpdate) {
  const db = await getDb();
  const [user] = await db
    .update(users)
    .set({
      name: input.name,
      phone: input.phone,
      // Another number (or none) is no longer the one confirmed by a code (issue 62, item 2).
      ...(input.phone === undefined ? {} : { phoneConfirmedAt: sql`case when ${users.phone} is not distinct from ${input.phone} then ${users.phoneConfirmedAt} end` }),
      locale: input.locale,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, session.user.id))
    .returning();
  if (!user) throw new ApiError('unauthenticated');
  await accountChanged(db, user.id);
  return publicUser(user);
}

/** A new password signs out every other session of the account. */
export async function changePassword(session: Session, input: { current_password: string; password: string }, t: Translate) {
  if (!(await verifyPassword(input.current_password, session.user.passwordHash))) {
    throw new ApiError('validation_failed', { fields: { current_password: [t('ApiErrors.wrong_current_password')] } });
  }
  const db = await getDb();
  await db.update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: sql`now()` }).where(eq(users.id, session.user.id));
  await accountChanged(db, session.user.id);
  await revokeOtherSessions(session.user.id, session.id);
}

/** Deletes the account, its files and its sessions (see account-deletion.ts for what is kept and when it is refused). */
export async function deleteAccount(session: Session) {
  await eraseAccount(session.user.id);
}
