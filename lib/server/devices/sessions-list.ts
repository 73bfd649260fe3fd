import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { sessions } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { SESSION_LIFETIME_SECONDS, SESSION_MAX_AGE_SECONDS } from '@/lib/server/auth/tokens';
import type { Session } from '@/lib/server/auth/session-types';
import { describeUserAgent } from './user-agent';
import { accountChanged } from '@/lib/server/auth/session-cache';
import type { AccountSession } from '@/lib/contract/accounts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /me/sessions: the account's live sessions, this one first, then the most recently used. */
export async function listSessions(session: Session): Promise<AccountSession[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, session.user.id),
        sql`${sessions.lastUsedAt} >= now() - make_interval(secs => ${SESSION_MAX_AGE_SECONDS})`,
        sql`${sessions.createdAt} >= now() - make_interval(secs => ${SESSION_LIFETIME_SECONDS})`,
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  const listed = rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === session.id,
  }));
  // The device in hand is the one people look for first.
  return [...listed.filter((row) => row.current), ...listed.filter((row) => !row.current)];
}

/** DELETE /me/sessions/{id}: signs that session out; another account's (or no such) session → 404. */
export async function endSession(session: Session, id: string) {
  if (!UUID.test(id)) throw new ApiError('not_found');
  const db = await getDb();
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, session.user.id)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new ApiError('not_found');
  await accountChanged(db, session.user.id);
}
