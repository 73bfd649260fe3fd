import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { getDb } from '@/lib/server/db/client';
import { resetEnvForTests } from '@/lib/server/env';
import { EVENTS_CHANNEL, publish } from '@/lib/server/events/events';
import { subscribeToEvents } from '@/lib/server/events/hub';
import * as logoutRoute from '@/app/api/v1/auth/logout/route';
import * as meRoute from '@/app/api/v1/me/route';
import * as passwordRoute from '@/app/api/v1/me/password/route';
import { accountChanged, clearSessionCache, onHubEvent, sessionCacheListening } from './session-cache';
import { findSession } from './sessions';
import { hashToken } from './tokens';

// Issue 17: each instance keeps the sessions it looked up, and forgets them the
// moment they end, here or on another instance.

withTestDatabase();

beforeAll(() => {
  process.env.SESSION_CACHE_SECONDS = '30';
  resetEnvForTests();
});

afterAll(() => {
  delete process.env.SESSION_CACHE_SECONDS;
  resetEnvForTests();
});

afterEach(() => {
  vi.restoreAllMocks();
  onHubEvent({ k: 'resync' });
});

/**
 * Waits until the hub has delivered every event published before this call:
 * PostgreSQL delivers notifications in commit order, so a marker sent now
 * arrives after them. Without it, the account event of newUser's own e-mail
 * verification could arrive late, under load, and evict the entry a test has
 * just cached.
 */
async function hubDelivered() {
  const marker = crypto.randomUUID();
  let arrived!: () => void;
  const heard = new Promise<void>((resolve) => (arrived = resolve));
  const unsubscribe = await subscribeToEvents(marker, (event) => {
    if (event.k === 'read') arrived();
  });
  try {
    await publish(await getDb(), { k: 'read', u: marker });
    await heard;
  } finally {
    unsubscribe();
  }
}

/** Signs in, and looks the session up once so that it is cached. */
async function cachedUser() {
  const { token, user } = await newUser();
  expect(await sessionCacheListening()).toBe(true);
  await hubDelivered();
  expect(await findSession(token)).not.toBeNull();
  return { token, user };
}

/** Removes the session row without telling anyone, as if the database changed behind this instance's back. */
async function deleteRowQuietly(token: string) {
  const db = await getDb();
  await db.execute(sql`delete from sessions where token_hash = ${hashToken(token)}`);
}

describe('the session cache', () => {
  it('answers a session it looked up without asking the database again', async () => {
    const { token, user } = await cachedUser();
    await deleteRowQuietly(token);
    // Still answered: from the cache (the row is gone).
    expect((await findSession(token))?.user.id).toBe(user.id);
    clearSessionCache();
    expect(await findSession(token)).toBeNull();
  });

  it('forgets an account’s sessions when it changes, before the change is answered', async () => {
    const { token, user } = await cachedUser();
    await deleteRowQuietly(token);
    await accountChanged(await getDb(), user.id);
    expect(await findSession(token)).toBeNull();
  });

  it('forgets them when another instance says so (NOTIFY), within a second', async () => {
    const { token, user } = await cachedUser();
    await deleteRowQuietly(token);
    const db = await getDb();
    // What another instance's accountChanged() sends.
    await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ k: 'account', u: user.id })})`);
    const deadline = Date.now() + 1000;
    while ((await findSession(token)) !== null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await findSession(token)).toBeNull();
  });

  it('a sign-out and a password change are refused or seen at once, through the API', async () => {
    const first = await cachedUser();
    expect((await call(meRoute.GET, { token: first.token })).status).toBe(200);
    expect((await call(logoutRoute.POST, { token: first.token, body: {} })).status).toBe(204);
    expect((await call(meRoute.GET, { token: first.token })).status).toBe(401);

    const second = await cachedUser();
    expect((await call(meRoute.PATCH, { method: 'PATCH', token: second.token, body: { name: 'Aisha Bint Omar' } })).status).toBe(200);
    expect((await call(meRoute.GET, { token: second.token })).json!.data.name).toBe('Aisha Bint Omar');
    // The cached user carried the old password's hash: the new one counts at once.
    const changed = await call(passwordRoute.POST, { token: second.token, body: { current_password: 'Labbaik#2026', password: 'Labbaik#2027!', password_confirmation: 'Labbaik#2027!' } });
    expect(changed.status).toBe(204);
    const again = await call(passwordRoute.POST, { token: second.token, body: { current_password: 'Labbaik#2027!', password: 'Labbaik#2028!', password_confirmation: 'Labbaik#2028!' } });
    expect(again.status).toBe(204);
  });

  it('empties, and caches nothing, while the LISTEN connection is lost; caches again once it is back', async () => {
    const { token } = await cachedUser();
    onHubEvent({ k: 'lost' });
    await deleteRowQuietly(token);
    expect(await findSession(token)).toBeNull();

    const other = await newUser();
    expect(await findSession(other.token)).not.toBeNull();
    await deleteRowQuietly(other.token);
    // Not cached while lost: the database answers, and the row is gone.
    expect(await findSession(other.token)).toBeNull();

    onHubEvent({ k: 'resync' });
    const later = await cachedUser();
    await deleteRowQuietly(later.token);
    expect(await findSession(later.token)).not.toBeNull();
  });

  it('keeps an entry SESSION_CACHE_SECONDS at most', async () => {
    const { token } = await cachedUser();
    await deleteRowQuietly(token);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 29_000);
    expect(await findSession(token)).not.toBeNull();
    vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    expect(await findSession(token)).toBeNull();
  });
});
