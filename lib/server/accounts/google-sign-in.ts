import 'server-only';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { notify } from '@/lib/server/notifications/notify';
import { users } from '@/lib/server/db/schema';
import { hashPassword } from '@/lib/server/auth/password';
import { createSession } from '@/lib/server/auth/sessions';
import { ApiError } from '@/lib/server/http/errors';
import { beginAddressAttempt } from '@/lib/server/auth/sign-in-limits';
import { env } from '@/lib/server/env';
import { firebaseWebConfig } from '@/lib/server/firebase/config';
import { InvalidIdTokenError, verifyFirebaseIdToken, type GoogleIdentity } from '@/lib/server/firebase/id-token';
import { findByEmail, isUniqueViolation, publicUser, type PublicUser } from './accounts';

/**
 * POST /auth/social with provider google: verifies the Firebase ID token against
 * Google's keys for the configured project, then signs in. Every refused token
 * counts against the address like a failed password sign-in (20 in 15 minutes),
 * counted before the token is checked.
 */
export async function signInWithGoogleIdToken(idToken: string, locale: string, address: string) {
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
  return signInWithGoogle(identity, locale);
}

/**
 * Signs in with a verified Google identity: the account with the same e-mail
 * address (any letter case) when there is one, otherwise a new account.
 *
 * Only an address Google has verified is trusted, for linking and for creating
 * alike. The schema keeps no Google uid, so "linked" means exactly this: the
 * verified address is the account's address.
 */
export async function signInWithGoogle(
  identity: GoogleIdentity,
  locale: string,
): Promise<{ user: PublicUser; token: string; created: boolean }> {
  if (!identity.emailVerified) throw new ApiError('invalid_id_token', { messageKey: 'unverified_google_email' });

  const existing = await findByEmail(identity.email);
  if (existing) return { user: publicUser(existing), token: await createSession(existing.id), created: false };

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
          // Google verified this address (checked above): the account starts verified.
          emailVerifiedAt: sql`now()`,
          phone: null,
          locale,
          passwordHash,
        })
        .returning();
      // Welcomed like an account made with a password.
      await notify(tx as unknown as Db, { userId: created!.id, type: 'welcome', params: { name: created!.name } });
      return created!;
    });
    return { user: publicUser(user), token: await createSession(user.id), created: true };
  } catch (error) {
    // The same person signing in twice at once: the other attempt created it.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findByEmail(identity.email);
    if (!raced) throw error;
    return { user: publicUser(raced), token: await createSession(raced.id), created: false };
  }
}

/** Google's display name, or the address's local part when the account has none. */
function displayName(identity: GoogleIdentity): string {
  const name = identity.name ?? identity.email.split('@')[0] ?? identity.email;
  return name.slice(0, 100);
}
