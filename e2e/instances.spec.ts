import { createServer } from 'node:net';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import pg from 'pg';
import { createDatabase, startApp, type AppProcess } from './app-process';
import { sseReader } from '../test/sse';
import { draftThrough, paidAtCounter, requestAwaitingPayment, SAME_ORIGIN, signInAdmin } from './session';
import { verifyByMail } from './mail';

// Two app instances (two `next start` processes of the same build) on one
// PostgreSQL database: an event made on one reaches a tab connected to the
// other through LISTEN/NOTIFY. Runs when DATABASE_URL names a PostgreSQL
// server (playwright.config.ts leaves it out otherwise, as Vitest does with
// its postgres project); .ci/run sets it.

const DATABASE_URL = process.env.DATABASE_URL!;
const apps: AppProcess[] = [];
const origins: string[] = [];
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

test.describe('two app instances on one PostgreSQL', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test.beforeAll(async () => {
    database = await createDatabase(DATABASE_URL, 'portal_e2e');
    // One after the other: the first migrates the new database.
    for (const index of [1, 2]) {
      const app = await startApp(await freePort(), { DATABASE_URL: database.url, DATA_DIR: `.data/e2e-instance-${index}` });
      apps.push(app);
      origins.push(app.origin);
    }
  });

  test.afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await database?.drop();
  });

  test('a notification made on one instance reaches a stream open on the other, and reading on one updates the other', async () => {
    const [first, second] = origins as [string, string];
    const onFirst = await playwrightRequest.newContext({ baseURL: first });
    const email = `instances.${Date.now()}@example.com`;
    const registered = await (await onFirst.post('/api/v1/auth/register', { data: { name: 'Aisha Rahman', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' } })).json();
    // Sending a request needs a confirmed address.
    await verifyByMail(onFirst, email, ['.data/e2e-instance-1', '.data/e2e-instance-2']);
    const headers = { authorization: `Bearer ${registered.token}`, 'accept-language': 'en', accept: 'text/event-stream' };

    // A tab connected to the second instance.
    const controller = new AbortController();
    const stream = await fetch(`${second}/api/v1/notifications/stream`, { headers, signal: controller.signal });
    expect(stream.status).toBe(200);
    const events = sseReader(stream.body!);
    expect(JSON.parse((await events.nextOf('unread', 10_000))!.data)).toEqual({ unread_count: 1 });

    // The request is sent and moved by the office through the first instance.
    const { id, reference } = await requestAwaitingPayment(onFirst, registered.token);
    const submitted = JSON.parse((await events.nextOf('notification', 10_000))!.data);
    expect(submitted.notification).toMatchObject({ type: 'request_submitted', request_id: id, title: `Pay to send your request ${reference}` });
    // Paid at the office's counter, recorded through the first instance (a payment, never a bare move).
    await paidAtCounter(onFirst, registered.token, id);
    const live = JSON.parse((await events.nextOf('notification', 10_000))!.data);
    expect(live.notification).toMatchObject({ type: 'payment_succeeded', title: `Payment received for ${reference}` });
    expect(live.unread_count).toBe(3);

    // Read on the first instance: the second's tab hears the new count.
    await onFirst.post('/api/v1/notifications/read-all', { headers: { authorization: `Bearer ${registered.token}` }, data: {} });
    expect(JSON.parse((await events.nextOf('unread', 10_000))!.data)).toEqual({ unread_count: 0 });

    controller.abort();
    await events.cancel();
    await onFirst.dispose();
  });

  test('a draft saved on one instance is read and saved on the other, with versions that keep them in step', async () => {
    const [first, second] = origins as [string, string];
    const onFirst = await playwrightRequest.newContext({ baseURL: first });
    const onSecond = await playwrightRequest.newContext({ baseURL: second });
    const email = `instances.draft.${Date.now()}@example.com`;
    const { token } = await (await onFirst.post('/api/v1/auth/register', { data: { name: 'Aisha Rahman', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' } })).json();
    const headers = { authorization: `Bearer ${token}` };

    // A session made on one instance is valid on the other: no sticky sessions needed.
    const draft = (await (await onFirst.post('/api/v1/requests', { headers, data: { type: 'umrah' } })).json()).data;
    const savedOnFirst = await onFirst.patch(`/api/v1/requests/${draft.id}`, { headers, data: { step: 'service', data: { package: 'premium' }, version: draft.version } });
    expect(savedOnFirst.status()).toBe(200);
    const version = (await savedOnFirst.json()).data.version;

    const read = (await (await onSecond.get(`/api/v1/requests/${draft.id}`, { headers })).json()).data;
    expect(read).toMatchObject({ version, data: { service: { package: 'premium' } } });
    const savedOnSecond = await onSecond.patch(`/api/v1/requests/${draft.id}`, { headers, data: { step: 'service', data: { package: 'standard' }, version } });
    expect(savedOnSecond.status()).toBe(200);
    // The first instance's tab still has the old version: its autosave is refused with the newer request.
    const stale = await onFirst.patch(`/api/v1/requests/${draft.id}`, { headers, data: { step: 'service', data: { package: 'economy' }, version } });
    expect(stale.status()).toBe(409);
    expect((await stale.json()).data).toMatchObject({ version: version + 1, data: { service: { package: 'standard' } } });
    await onFirst.dispose();
    await onSecond.dispose();
  });

  test('the sign-in limit is shared: failures on both instances add up', async () => {
    const [first, second] = origins as [string, string];
    const onFirst = await playwrightRequest.newContext({ baseURL: first, extraHTTPHeaders: { 'accept-language': 'en' } });
    const onSecond = await playwrightRequest.newContext({ baseURL: second, extraHTTPHeaders: { 'accept-language': 'en' } });
    const email = `instances.limit.${Date.now()}@example.com`;
    await onFirst.post('/api/v1/auth/register', { data: { name: 'Aisha Rahman', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' } });

    // Five wrong passwords for one account from one address (the limit), three on one instance and two on the other.
    for (const context of [onFirst, onSecond, onFirst, onSecond, onFirst]) {
      const wrong = await context.post('/api/v1/auth/login', { data: { email, password: 'not-the-password' } });
      expect(wrong.status()).toBe(422);
    }
    // Now even the right password from that address waits, on either instance.
    for (const context of [onSecond, onFirst]) {
      const refused = await context.post('/api/v1/auth/login', { data: { email, password: 'Labbaik#2026' } });
      expect(refused.status()).toBe(429);
      expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
      expect((await refused.json()).error.code).toBe('too_many_requests');
    }
    await onFirst.dispose();
    await onSecond.dispose();
  });

  // Issue 17: each instance caches the sessions it looked up (SESSION_CACHE_SECONDS,
  // 30 by default); a session ended on one instance must not live on in the other's cache.
  test('a session ended on one instance is refused on the other within a second, and a changed name shows there too', async () => {
    const [first, second] = origins as [string, string];
    const onFirst = await playwrightRequest.newContext({ baseURL: first });
    const onSecond = await playwrightRequest.newContext({ baseURL: second });
    const email = `instances.session.${Date.now()}@example.com`;
    const { token } = await (await onFirst.post('/api/v1/auth/register', { data: { name: 'Aisha Rahman', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' } })).json();
    const headers = { authorization: `Bearer ${token}` };
    // Used on the second instance twice: cached there.
    for (let i = 0; i < 2; i += 1) expect((await onSecond.get('/api/v1/me', { headers })).status()).toBe(200);

    const within = async (check: () => Promise<boolean>) => {
      const deadline = Date.now() + 1000;
      for (;;) {
        if (await check()) return true;
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    // A new name given on the first instance is what the second answers.
    expect((await onFirst.patch('/api/v1/me', { headers, data: { name: 'Aisha Bint Omar' } })).status()).toBe(200);
    expect(await within(async () => (await (await onSecond.get('/api/v1/me', { headers })).json()).data.name === 'Aisha Bint Omar')).toBe(true);

    // Signed out on the first instance: refused on the second within a second.
    expect((await onFirst.post('/api/v1/auth/logout', { headers, data: {} })).status()).toBe(204);
    expect(await within(async () => (await onSecond.get('/api/v1/me', { headers })).status() === 401)).toBe(true);
    await onFirst.dispose();
    await onSecond.dispose();
  });

  // Issue 38: the guarded take of places (docs/PLACES.md) holds across processes, not only within one.
  test('twenty requests sent at once over both instances for five places: exactly five hold, fifteen are told sold_out and join the reserve list in order', async () => {
    const PLACES = 5;
    const SENDERS = 20;
    const contexts = await Promise.all(origins.map((baseURL) => playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': 'en' } })));
    const db = new pg.Client({ connectionString: database!.url });
    await db.connect();
    try {
      // The admin sets the places on the first instance (the office's own route, audited): five more
      // than the earlier tests of this file hold (the first one's request was sent and paid).
      await signInAdmin(contexts[0]!);
      const catalogue = (await (await contexts[0]!.get('/api/v1/office/catalogue')).json()).data;
      const before = catalogue.find((t: { id: string }) => t.id === 'umrah').places_held.standard as number;
      const set = await contexts[0]!.patch('/api/v1/office/catalogue/umrah', { headers: SAME_ORIGIN, data: { places: { standard: before + PLACES } } });
      expect(set.status()).toBe(200);

      // Twenty pilgrims, each with a confirmed address (the link of the e-mail, which either
      // instance's outbox may have written) and a complete draft of one pilgrim in the standard
      // package, made on either instance.
      const pilgrims = await Promise.all(
        Array.from({ length: SENDERS }, async (_, i) => {
          const context = contexts[i % 2]!;
          const email = `instances.places.${i}.${Date.now()}@example.com`;
          const registered = await context.post('/api/v1/auth/register', { data: { name: 'Aisha Rahman', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' } });
          const { token } = await registered.json();
          await verifyByMail(context, email, ['.data/e2e-instance-1', '.data/e2e-instance-2']);
          return { token: token as string, id: await draftThrough(context, token), context: contexts[(i + 1) % 2]! };
        }),
      );

      // All at once, ten through each instance (each pilgrim sends through the instance that did not make its draft).
      const answers = await Promise.all(
        pilgrims.map(async ({ token, id, context }) => {
          const response = await context.post(`/api/v1/requests/${id}/submit`, { headers: { authorization: `Bearer ${token}` }, data: {} });
          return { status: response.status(), body: await response.json() };
        }),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array(PLACES).fill(200), ...Array(SENDERS - PLACES).fill(409)]);
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.error.code).toBe('sold_out');
        expect(refused.body.places).toEqual({ package: 'standard', places_left: 0, needed: 1 });
      }

      // The database agrees: the count is the number, never below zero, and it is the sum of the holds.
      const { rows: counted } = await db.query(
        `select pp.places, pp.held, (select coalesce(sum(places), 0)::int from place_holds ph where ph.type_id = pp.type_id and ph.package = pp.package) as holds,
           (select count(*)::int from requests r where r.type_id = pp.type_id and r.status = 'pending_payment') as awaiting
         from package_places pp where pp.type_id = 'umrah' and pp.package = 'standard'`,
      );
      expect(counted).toEqual([{ places: before + PLACES, held: before + PLACES, holds: before + PLACES, awaiting: PLACES }]);

      // The refused join the reserve list at once over both instances: positions 1 to 15, no two alike.
      const refused = pilgrims.filter((_, i) => answers[i]!.status === 409);
      const joined = await Promise.all(
        refused.map(async ({ token, id }, i) => {
          const response = await contexts[i % 2]!.post(`/api/v1/requests/${id}/reserve`, { headers: { authorization: `Bearer ${token}` }, data: {} });
          expect(response.status()).toBe(200);
          return (await response.json()).data as { status: string; reserve_position: number };
        }),
      );
      expect(joined.every((r) => r.status === 'reserved')).toBe(true);
      const positions = await Promise.all(
        refused.map(async ({ token, id }) => (await (await contexts[1]!.get(`/api/v1/requests/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.reserve_position as number),
      );
      expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: SENDERS - PLACES }, (_, i) => i + 1));
      const { rows: after } = await db.query(`select held from package_places where type_id = 'umrah' and package = 'standard'`);
      expect(after).toEqual([{ held: before + PLACES }]);
    } finally {
      await db.end();
      await Promise.all(contexts.map((context) => context.dispose()));
    }
  });
});
