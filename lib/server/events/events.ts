import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';

/** The PostgreSQL channel every app instance listens on (LISTEN/NOTIFY; PGlite has it too). */
export const EVENTS_CHANNEL = 'portal_events';

/**
 * What travels between instances: only ids, never content (NOTIFY payloads
 * are limited to 8000 bytes and visible to any listener).
 * - notification: user `u` has a new notification numbered `s`; `push` when push messages were queued;
 * - read: user `u` read one or all, so every open tab updates its badge;
 * - account: user `u`'s account or sessions changed (sign-out, password, profile,
 *   deletion): every instance forgets the sessions it cached for `u`.
 */
export type PortalEvent = { k: 'notification'; u: string; s: number; push: boolean } | { k: 'read'; u: string } | { k: 'account'; u: string };

/** Sent when the caller's transaction commits, and not at all if it rolls back. */
export async function publish(tx: Db, event: PortalEvent) {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

export function parseEvent(payload: string): PortalEvent | null {
  try {
    const event = JSON.parse(payload) as PortalEvent;
    return event && typeof event.u === 'string' && (event.k === 'notification' || event.k === 'read' || event.k === 'account') ? event : null;
  } catch {
    return null;
  }
}
