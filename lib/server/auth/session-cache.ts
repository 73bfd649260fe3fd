import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';
import { publish } from '@/lib/server/events/events';
import { subscribeToEvents, type HubEvent } from '@/lib/server/events/hub';
import type { Session } from './session-types';

// Each instance keeps the sessions it looked up for SESSION_CACHE_SECONDS, so
// that an API call does not cost a database round trip for its session (issue
// 17). What ends or changes a session or its account (sign-out, sign out
// everywhere, a password or profile change, deletion) calls accountChanged():
// this instance forgets the account's sessions before it answers, and every
// other one when the NOTIFY arrives. Entries are kept only while this instance
// listens: a lost LISTEN connection empties the cache and stops it until the
// connection is back, so nothing is trusted that an instance may have missed.

type Cached = { session: Session; userAgent: string | null; until: number };

// Enough for every session active on a busy day on one instance; the oldest go first.
const MAX_ENTRIES = 20_000;

const entries = new Map<string, Cached>();
let listening = false;
let subscription: Promise<unknown> | null = null;

function ttlMs() {
  return env().SESSION_CACHE_SECONDS * 1000;
}

/** What the instance hears from the others (exported for the tests). */
export function onHubEvent(event: HubEvent) {
  if (event.k === 'account') forgetAccount(event.u);
  else if (event.k === 'lost') {
    listening = false;
    entries.clear();
  } else if (event.k === 'resync') {
    // Back: what changed meanwhile is unknown, so nothing cached before counts.
    entries.clear();
    listening = true;
  }
}

function listen() {
  subscription ??= subscribeToEvents(null, onHubEvent).then(
    () => {
      listening = true;
    },
    () => {
      // The database is down: no cache until a later lookup can listen.
      subscription = null;
    },
  );
}

/** The cached session of a token's hash, unless it is past its time or was used from another browser. */
export function cachedSession(tokenHash: string, userAgent: string | null | undefined): Session | null {
  const entry = entries.get(tokenHash);
  if (!entry) return null;
  if (entry.until <= Date.now() || !listening) {
    entries.delete(tokenHash);
    return null;
  }
  // A new browser is written down by findSession (the devices list): a miss.
  if (userAgent !== undefined && userAgent !== null && userAgent !== entry.userAgent) return null;
  return entry.session;
}

export function cacheSession(tokenHash: string, session: Session, userAgent: string | null) {
  const ttl = ttlMs();
  if (ttl === 0) return;
  listen();
  if (!listening) return;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(tokenHash, { session, userAgent, until: Date.now() + ttl });
}

function forgetAccount(userId: string) {
  for (const [hash, entry] of entries) if (entry.session.user.id === userId) entries.delete(hash);
}

/**
 * A user's account or sessions changed: this instance forgets them now, the
 * others when the caller's transaction commits (NOTIFY is sent at commit).
 */
export async function accountChanged(db: Db, userId: string) {
  forgetAccount(userId);
  await publish(db, { k: 'account', u: userId });
}

/** Resolves once this instance listens (tests). */
export async function sessionCacheListening() {
  listen();
  await subscription;
  return listening;
}

/** Forgets everything (tests). */
export function clearSessionCache() {
  entries.clear();
}
