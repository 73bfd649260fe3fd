import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import type { Session } from '@/lib/server/auth/session-types';
import { firebaseWebConfig } from '@/lib/server/firebase/config';
import type { GoogleLink } from '@/lib/contract/accounts';
import { isUniqueViolation } from '@/lib/server/db/unique-violation';
import { verifiedGoogleIdentity } from './google-sign-in';
import { accountChanged } from '@/lib/server/auth/session-cache';

/** GET /me/google: whether Google is linked, whether a password exists, and what the popup needs (null: Google sign-in is off). */
export async function googleLinkState(session: Session): Promise<GoogleLink> {
  const db = await getDb();
  const [user] = await db
    .select({ googleSub: users.googleSub, hasPassword: users.hasPassword })
    .from(users)
    .where(eq(users.id, session.user.id))
    .limit(1);
  if (!user) throw new ApiError('unauthenticated');
  const firebase = firebaseWebConfig();
  const config = firebase && { apiKey: firebase.apiKey, authDomain: firebase.authDomain, projectId: firebase.projectId, appId: firebase.appId };
  return { linked: user.googleSub !== null, has_password: user.hasPassword, config };
}

/**
 * POST /me/google: the signed-in owner links the Google user of a fresh ID
 * token (any address: the session proves the account, the token the Google
 * user). A Google user linked to another account → 409.
 */
export async function linkGoogle(session: Session, idToken: string, address: string): Promise<GoogleLink> {
  const identity = await verifiedGoogleIdentity(idToken, address);
  const db = await getDb();
  try {
    await db.update(users).set({ googleSub: identity.uid, updatedAt: sql`now()` }).where(eq(users.id, session.user.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('conflict', { messageKey: 'google_linked_elsewhere' });
    throw error;
  }
  await accountChanged(db, session.user.id);
  return googleLinkState(session);
}

/** DELETE /me/google: only with a password, or the account could no longer be signed in to (409). */
export async function unlinkGoogle(session: Session): Promise<GoogleLink> {
  const db = await getDb();
  const [user] = await db
    .update(users)
    .set({ googleSub: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, session.user.id), eq(users.hasPassword, true)))
    .returning({ id: users.id });
  if (!user) throw new ApiError('conflict', { messageKey: 'google_unlink_needs_password' });
  await accountChanged(db, session.user.id);
  return googleLinkState(session);
}
