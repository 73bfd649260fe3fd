import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, queryRows } from '@/lib/server/db/client';
import { clearSessionCache } from '@/lib/server/auth/session-cache';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import * as meRoute from '../route';
import * as sessionsRoute from './route';
import * as currentRoute from './current/route';
import * as renewRoute from './renew/route';

// The warning before a session ends by time (WCAG 2.2.1, issue 63 item 3): the page learns when, and "Stay signed in" renews.

withTestDatabase();

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY = 24 * 60 * 60;

async function age(token: string, { signedInDaysAgo, usedDaysAgo }: { signedInDaysAgo: number; usedDaysAgo: number }) {
  const db = await getDb();
  await db.execute(sql`update sessions set created_at = now() - make_interval(days => ${signedInDaysAgo}), last_used_at = now() - make_interval(days => ${usedDaysAgo}) where token_hash = ${hashOf(token)}`);
  clearSessionCache();
}

describe('GET /me/sessions/current', () => {
  it('answers 30 days after the last use for a session signed in recently', async () => {
    const { token } = await newUser();
    const { status, json } = await call(currentRoute.GET, { token });
    expect(status).toBe(200);
    expect(json!.data.seconds_left).toBeGreaterThan(30 * DAY - 120);
    expect(json!.data.seconds_left).toBeLessThanOrEqual(30 * DAY);
    expect(Math.abs(Date.parse(json!.data.ends_at) - (Date.now() + json!.data.seconds_left * 1000))).toBeLessThan(5000);
  });

  it('answers the 90-day limit when it comes first, however recently the session was used', async () => {
    const { token } = await newUser();
    // Signed in 90 days less 5 minutes ago, used a moment ago (the lookup touches it again).
    await age(token, { signedInDaysAgo: 90, usedDaysAgo: 0 });
    await (await getDb()).execute(sql`update sessions set created_at = created_at + interval '5 minutes' where token_hash = ${hashOf(token)}`);
    const { json } = await call(currentRoute.GET, { token });
    expect(json!.data.seconds_left).toBeGreaterThan(4 * 60);
    expect(json!.data.seconds_left).toBeLessThanOrEqual(5 * 60);
  });

  it('is this session’s, and 401 signed out', async () => {
    const { token } = await newUser();
    const listed = await call(sessionsRoute.GET, { token });
    const current = (listed.json!.data as { id: string; current: boolean }[]).find((s) => s.current)!;
    expect((await call(currentRoute.GET, { token })).json!.data.id).toBe(current.id);
    expect((await call(currentRoute.GET)).status).toBe(401);
  });
});

describe('POST /me/sessions/renew', () => {
  it('starts the session again under a new token: the old one stops working at once, the cookie carries the new one', async () => {
    const { token } = await newUser();
    await age(token, { signedInDaysAgo: 90, usedDaysAgo: 0 });
    await (await getDb()).execute(sql`update sessions set created_at = created_at + interval '2 minutes' where token_hash = ${hashOf(token)}`);
    const before = (await call(currentRoute.GET, { token })).json!.data;
    expect(before.seconds_left).toBeLessThanOrEqual(120);

    const { status, json, headers } = await call(renewRoute.POST, { method: 'POST', token, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(status).toBe(200);
    const renewed = json!.token as string;
    expect(renewed).not.toBe(token);
    expect(json!.data.id).toBe(before.id);
    expect(json!.data.seconds_left).toBeGreaterThan(30 * DAY - 120);
    expect(headers.get('set-cookie')).toContain(`session=${renewed};`);
    expect(headers.get('set-cookie')).toContain('HttpOnly');

    // The old token ends without waiting for the session cache (this instance's, and the others' through the NOTIFY).
    expect((await call(meRoute.GET, { token })).status).toBe(401);
    expect((await call(meRoute.GET, { token: renewed })).status).toBe(200);
    // The same row: "your devices" keeps it, as this device.
    const [row] = await queryRows<{ id: string }>(sql`select id from sessions where token_hash = ${hashOf(renewed)}`);
    expect(row!.id).toBe(before.id);
  });

  it('renews only the caller’s own session: another account’s stays as it was', async () => {
    const owner = await newUser();
    const other = await newUser();
    await call(renewRoute.POST, { method: 'POST', token: owner.token });
    expect((await call(meRoute.GET, { token: other.token })).status).toBe(200);
  });

  it('is refused from another site (it sets the cookie), and 401 signed out', async () => {
    const { token } = await newUser();
    const refused = await call(renewRoute.POST, { method: 'POST', token, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(refused.status).toBe(403);
    expect((await call(meRoute.GET, { token })).status).toBe(200);
    expect((await call(renewRoute.POST, { method: 'POST' })).status).toBe(401);
  });

  it('takes the cookie alone only from the site’s own pages', async () => {
    const { token } = await newUser();
    const cookie = `session=${token}`;
    expect((await call(renewRoute.POST, { method: 'POST', cookie })).status).toBe(403);
    const renewed = await call(renewRoute.POST, { method: 'POST', cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(renewed.status).toBe(200);
  });
});
