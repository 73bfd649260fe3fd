import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { notify } from '@/lib/server/notifications/notify';
import { users } from '@/lib/server/db/schema';
import { hashPassword } from '@/lib/server/auth/password';
import { createSession } from '@/lib/server/auth/sessions';
import type { User } from '@/lib/server/auth/session-types';
import { ApiError } from '@/lib/server/http/errors';
import { beginAddressAttempt } from '@/lib/server/auth/sign-in-limits';
import { env } from '@/lib/server/env';
import { firebaseWebConfig } from '@/lib/server/firebase/config';
import { InvalidIdTokenError, verifyFirebaseIdToken, type GoogleIdentity } from '@/lib/server/firebase/id-token';
import { isUniqueViolation } from '@/lib/server/db/unique-violation';
import { findByEmail } from './accounts';
import { publicUser } from './public-user';
import type { PublicUser } from '@/lib/contract/accounts';
import { accountChanged } from '@/lib/server/auth/session-cache';

/**
 * A Firebase ID token checked against Google's keys for the configured project:
 * a Google sign-in with an address Google has verified. Every refused token
 * counts against the address like a failed password sign-in (20 in 15
 * minutes), counted before the token is checked. Used by sign-in and by
 * linking Google from the profile.
 */
export async function verifiedGoogleIdentity(idToken: string, address: string): Promise<GoogleIdentity> {
  const config = firebaseWebConfig();
  if (!config) throw new ApiError('not_found', { messageKey: 'google_unavailable' });
  const attempt = await beginAddressAttempt(address);
  let identity: GoogleIdentity;
  try {
    identity = await verifyFirebaseIdToken(idToken, { projectId: config.projectId, jwksUrl: env().FIREBASE_JWKS_URL });
    // A token of the same project from another way of signing in (e-mail link, another provider) is not a Google sign-in.
    if (identity.signInProvider !== 'google.com') throw new InvalidIdTokenError('not a Google sign-in');
  } catch (error) {
    if (!(error instanceof InvalidIdTokenError)) {
      await attempt.giveBack();
      throw error;
    }
    throw new ApiError('invalid_id_token');
  }
  if (!identity.emailVerified) throw new ApiError('invalid_id_token', { messageKey: 'unverified_google_email' });
  await attempt.giveBack();
  return identity;
}

/** POST /auth/social with provider google. */
export async function signInWithGoogleIdToken(idToken: string, locale: string, address: string) {
  return signInWithGoogle(await verifiedGoogleIdentity(idToken, address), locale);
}

/**
 * Signs in with a verified Google identity. The account linked to this Google
 * user (its `sub`) comes first. Otherwise an account with the same address is
 * joined only when its owner has verified that address (and has not linked
 * another Google user): anyone can register someone else's address with a
 * password of their own, and joining on the address alone would hand the real
 * owner's Google sign-in to that account (and what they then upload to its
 * registrant). Refused: 409 with a message to sign in with the password and
 * link Google from the profile. No account: a new one, linked and verified.
 */
export async function signInWithGoogle(
  identity: GoogleIdentity,
  locale: string,
): Promise<{ user: PublicUser; token: string; created: boolean }> {
  if (!identity.emailVerified) throw new ApiError('invalid_id_token', { messageKey: 'unverified_google_email' });

  const linked = await findByGoogleSub(identity.uid);
  if (linked) return { user: publicUser(linked), token: await createSession(linked.id), created: false };

  const existing = await findByEmail(identity.email);
  if (existing) {
    const joined = existing.emailVerifiedAt && !existing.googleSub ? await linkGoogleSub(existing.id, identity.uid) : null;
    if (!joined) throw new ApiError('conflict', { messageKey: 'google_account_exists' });
    return { user: publicUser(joined), token: await createSession(joined.id), created: false };
  }

  // password_hash is NOT NULL: a new Google account gets the scrypt hash of 32
  // random bytes that are thrown away at once, so no password signs in to it
  // until its owner sets one (a password reset or change).
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const db = await getDb();
  try {
    const user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          name: displayName(identity),
          email: identity.email,
          phone: null,
          locale,
          passwordHash,
          // Google verified the address; the account is Google's user's from the start.
          emailVerifiedAt: sql`now()`,
          googleSub: identity.uid,
          hasPassword: false,
        })
        .returning();
      // Welcomed like an account made with a password.
      await notify(tx, { userId: created!.id, type: 'welcome', params: { name: created!.name } });
      return created!;
    });
    return { user: publicUser(user), token: await createSession(user.id), created: true };
  } catch (error) {
    // The same person signing in twice at once: the other attempt created it.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findByGoogleSub(identity.uid);
    // Or someone registered the address meanwhile: the same refusal as above.
    if (!raced) throw new ApiError('conflict', { messageKey: 'google_account_exists' });
    return { user: publicUser(raced), token: await createSession(raced.id), created: false };
  }
}

async function findByGoogleSub(sub: string): Promise<User | undefined> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return user;
}

/** Links when the account has no Google user yet (two sign-ins at once link one). */
async function linkGoogleSub(userId: string, sub: string): Promise<User | undefined> {
  const db = await getDb();
  try {
    const [user] = await db
      .update(users)
      .set({ googleSub: sub, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.googleSub)))
      .returning();
    if (user) await accountChanged(db, userId);
    return user;
  } catch (error) {
    // This Google user was linked to another account in the meantime.
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Google's display name, or the address's local part when the account has none. */
function displayName(identity: GoogleIdentity): string {
  const name = identity.name ?? identity.email.split('@')[0] ?? identity.email;
  return name.slice(0, 100);
}
