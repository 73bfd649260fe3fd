import 'server-only';
import { and, eq, ne, not, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/http/errors';
import { preparedPer } from '@/lib/server/db/prepared';
import { sessions, users } from '@/lib/server/db/schema';
import { accountChanged, cacheSession, cachedSession } from './session-cache';
import { hashToken, newToken, SESSION_LIFETIME_SECONDS, SESSION_MAX_AGE_SECONDS } from './tokens';
import type { Session } from './session-types';
import type { SessionEnd } from '@/lib/contract/accounts';

/** Opens a session and answers its token; only the token's hash is kept. */
export async function createSession(userId: string, userAgent: string | null = null): Promise<string> {
  const db = await getDb();
  const token = newToken();
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), userAgent });
  return token;
}

/** Unused for 30 days, or opened more than 90 days ago. */
const isExpired = sql<boolean>`(${sessions.lastUsedAt} < now() - make_interval(secs => ${SESSION_MAX_AGE_SECONDS})
  or ${sessions.createdAt} < now() - make_interval(secs => ${SESSION_LIFETIME_SECONDS}))`;

// Touching last_used_at on every request would be a write per read; once a minute is enough.
const TOUCH_AFTER_SECONDS = 60;

const sessionByTokenHash = preparedPer((db) =>
  db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      expired: isExpired,
      stale: sql<boolean>`${sessions.lastUsedAt} < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS})`,
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash'),
);

/**
 * The live session of a token, or null when it is unknown, revoked, unused for
 * 30 days or 90 days old. With the caller's User-Agent, the session remembers
 * the browser it was last used from ("your devices" on the profile).
 */
export async function findSession(token: string, userAgent?: string | null): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const cached = cachedSession(tokenHash, userAgent);
  if (cached) return cached;
  const db = await getDb();
  const [row] = await sessionByTokenHash(db).execute({ tokenHash });
  if (!row) return null;
  if (row.expired) {
    await db.delete(sessions).where(eq(sessions.id, row.id));
    return null;
  }
  const newBrowser = userAgent !== undefined && userAgent !== null && userAgent !== row.userAgent;
  if (row.stale || newBrowser) {
    await db
      .update(sessions)
      .set({ lastUsedAt: sql`now()`, ...(newBrowser ? { userAgent } : {}) })
      .where(eq(sessions.id, row.id));
  }
  const session = { id: row.id, user: row.user };
  cacheSession(tokenHash, session, newBrowser ? userAgent : row.userAgent);
  return session;
}

export async function revokeSession(sessionId: string) {
  const db = await getDb();
  const [ended] = await db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId });
  if (ended) await accountChanged(db, ended.userId);
}

/**
 * Signs the user out everywhere but the given session (after a password
 * change, or "sign out everywhere else"); answers how many sessions ended.
 */
export async function revokeOtherSessions(userId: string, keepSessionId: string): Promise<number> {
  const db = await getDb();
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  if (ended.length) await accountChanged(db, userId);
  return ended.length;
}

/**
 * When the session ends if it is not used again: 30 days after its last use or
 * 90 days after sign-in, whichever comes first. What the page counts down to
 * (the warning before the end, WCAG 2.2.1); the seconds left are the
 * database's, so that a browser's wrong clock does not move the warning.
 */
const endsAt = sql<string>`least(${sessions.lastUsedAt} + make_interval(secs => ${SESSION_MAX_AGE_SECONDS}),
  ${sessions.createdAt} + make_interval(secs => ${SESSION_LIFETIME_SECONDS}))`;

async function endOf(db: Db, sessionId: string): Promise<SessionEnd> {
  const [row] = await db
    .select({ endsAt, secondsLeft: sql<number>`floor(extract(epoch from (${endsAt} - now())))::int` })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  // The caller's own session was found a moment ago; gone since (signed out at this very moment): it ends now.
  if (!row) return { id: sessionId, ends_at: new Date().toISOString(), seconds_left: 0 };
  return { id: sessionId, ends_at: new Date(row.endsAt).toISOString(), seconds_left: Math.max(0, row.secondsLeft) };
}

/** GET /me/sessions/current: when the caller's session ends. */
export async function currentSessionEnd(session: Session): Promise<SessionEnd> {
  return endOf(await getDb(), session.id);
}

/**
 * POST /me/sessions/renew ("Stay signed in"): the session starts again as if
 * just signed in, under a new token; the old token stops working at once. A
 * thief's copy of a token therefore dies the moment its owner renews, and a
 * renewal by the thief signs the owner out, which they notice: the 90-day
 * limit still ends what nobody renews. Same row, so "your devices" keeps it.
 */
export async function renewSession(session: Session): Promise<{ token: string; end: SessionEnd }> {
  const db = await getDb();
  const token = newToken();
  const [renewed] = await db
    .update(sessions)
    .set({ tokenHash: hashToken(token), createdAt: sql`now()`, lastUsedAt: sql`now()` })
    .where(and(eq(sessions.id, session.id), eq(sessions.userId, session.user.id)))
    .returning({ id: sessions.id });
  if (!renewed) throw new ApiError('unauthenticated');
  // Every instance forgets the old token's cached session now, not within SESSION_CACHE_SECONDS.
  await accountChanged(db, session.user.id);
  return { token, end: await endOf(db, session.id) };
}

/** Forgets expired sessions (the scheduled housekeeping; findSession refuses them anyway). */
export async function purgeExpiredSessions() {
  const db = await getDb();
  await db.delete(sessions).where(isExpired);
}

/** Whether a session is still open (a live stream checks this now and then). */
export async function sessionIsLive(sessionId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), not(isExpired)))
    .limit(1);
  return Boolean(row);
}
