import { expect, test } from '@playwright/test';
import { proxyFor, type TcpProxy } from '../test/tcp-proxy';
import { sseReader } from '../test/sse';
import { createDatabase, portFor, registerUser, startApp, type AppProcess } from './app-process';

// PostgreSQL "restarted" under load. The real server is shared with other
// tests, so the outage is made by a TCP proxy between the app and it
// (test/tcp-proxy.ts): every connection is reset and new ones are refused,
// then accepted again. The app (a real `next start` of the e2e build) must
// answer 503 meanwhile (never 500, never hang), and 200 again by itself.
// Runs when DATABASE_URL names a PostgreSQL server, as instances.spec.ts.

const DATABASE_URL = process.env.DATABASE_URL!;
// A request slower than this counts as hanging.
const HANG_MS = 4_000;

type Sample = { at: number; status: number; ms: number; code?: string; retryAfter?: string | null };

let app: AppProcess;
let proxy: TcpProxy;
let dropDatabase: () => Promise<void>;

test.describe('PostgreSQL going away under load', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async () => {
    const database = await createDatabase(DATABASE_URL, 'portal_e2e_outage');
    dropDatabase = database.drop;
    const proxied = await proxyFor(database.url);
    proxy = proxied.proxy;
    app = await startApp(portFor(0), { DATABASE_URL: proxied.url, DATA_DIR: '.data/e2e-outage', REDIS_URL: '' });
  });

  test.afterAll(async () => {
    await app?.stop();
    await proxy?.stop();
    await dropDatabase?.();
  });

  test('answers 503 with Retry-After while the database is down, and 200 again by itself once it is back', async () => {
    const token = await registerUser(app.origin, 'outage');
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'ar', 'content-type': 'application/json' };
    const draft = (await (await fetch(`${app.origin}/api/v1/requests`, { method: 'POST', headers, body: JSON.stringify({ type: 'umrah' }) })).json()).data;
    let version = draft.version as number;

    // Eight clients reading and autosaving as fast as they can.
    const samples: Sample[] = [];
    let running = true;
    const started = Date.now();
    const one = async (i: number): Promise<Sample> => {
      const t0 = Date.now();
      let response: Response;
      try {
        response =
          i % 4 === 0
            ? await fetch(`${app.origin}/api/v1/requests/${draft.id}`, {
                method: 'PATCH',
                headers,
                body: JSON.stringify({ step: 'service', data: { package: 'standard', note: i }, version }),
                signal: AbortSignal.timeout(HANG_MS * 2),
              })
            : await fetch(`${app.origin}/api/v1/requests${i % 4 === 1 ? '' : `/${draft.id}`}`, { headers, signal: AbortSignal.timeout(HANG_MS * 2) });
      } catch {
        return { at: t0 - started, status: 0, ms: Date.now() - t0 };
      }
      const body = await response.json().catch(() => ({}));
      if (response.status === 200 && i % 4 === 0) version = body.data.version;
      // Another client saved first: the autosave takes the newer version, as the form does.
      if (response.status === 409 && body.data) version = body.data.version;
      return { at: t0 - started, status: response.status, ms: Date.now() - t0, code: body.error?.code, retryAfter: response.headers.get('retry-after') };
    };
    const clients = Array.from({ length: 8 }, async (_, client) => {
      for (let i = client; running; i += 8) samples.push(await one(i));
    });

    // Each phase lasts at least a few seconds and until it has enough answers (this machine may be slow).
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const phase = async (minMs: number, answers: () => number) => {
      const end = Date.now() + minMs;
      while (Date.now() < end || answers() < 12) await wait(50);
    };
    const since = (at: number) => () => samples.filter((s) => s.at >= at).length;
    await phase(2_000, since(0));
    const cutAt = Date.now() - started;
    await proxy.cut();
    await phase(5_000, since(cutAt));
    const restoredAt = Date.now() - started;
    await proxy.restore();
    await phase(5_000, since(restoredAt));
    running = false;
    await Promise.all(clients);

    const before = samples.filter((s) => s.at + s.ms < cutAt);
    const during = samples.filter((s) => s.at > cutAt && s.at + s.ms < restoredAt);
    const after = samples.filter((s) => s.at >= restoredAt);
    const firstUnavailable = samples.find((s) => s.status === 503)!;
    const firstBack = after.find((s) => s.status === 200)!;
    const recoveredAt = firstBack.at + firstBack.ms;
    const figures = {
      requests: samples.length,
      before: before.length,
      during: during.length,
      after: after.length,
      time_to_503_ms: firstUnavailable.at + firstUnavailable.ms - cutAt,
      time_to_recovery_ms: recoveredAt - restoredAt,
      slowest_ms: Math.max(...samples.map((s) => s.ms)),
      statuses: Object.fromEntries([...new Set(samples.map((s) => s.status))].map((status) => [status, samples.filter((s) => s.status === status).length])),
    };
    console.log(`db-outage figures ${JSON.stringify(figures)}`);

    expect(before.length).toBeGreaterThan(5);
    expect(before.every((s) => s.status === 200 || s.status === 409)).toBe(true);
    // Down: every answer is a 503 in the error shape, in the reader's language, with Retry-After; none hangs.
    expect(during.length).toBeGreaterThan(5);
    for (const sample of during) expect(sample).toMatchObject({ status: 503, code: 'service_unavailable', retryAfter: '5' });
    expect(samples.every((s) => s.ms < HANG_MS && s.status !== 500 && s.status !== 0)).toBe(true);
    expect(figures.time_to_503_ms).toBeLessThan(HANG_MS);
    // Back: 200 within a few seconds, without a restart, and it stays up.
    expect(figures.time_to_recovery_ms).toBeLessThan(5_000);
    expect(after.filter((s) => s.at > recoveredAt).every((s) => s.status === 200 || s.status === 409)).toBe(true);
    expect(after.filter((s) => s.at > recoveredAt).length).toBeGreaterThan(5);
  });

  test('a 503 says so in the reader’s language, and live events flow again after the outage (LISTEN reconnects)', async () => {
    const token = await registerUser(app.origin, 'outage.events');
    const auth = { authorization: `Bearer ${token}` };

    await proxy.cut();
    const down = await fetch(`${app.origin}/api/v1/notifications`, { headers: { ...auth, 'accept-language': 'en' } });
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      error: { code: 'service_unavailable', message: 'The service is briefly unavailable. Please try again in a few seconds.' },
    });
    const downAr = await fetch(`${app.origin}/api/v1/notifications`, { headers: { ...auth, 'accept-language': 'ar' } });
    expect((await downAr.json()).error.message).toBe('الخدمة غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.');
    await proxy.restore();

    // A stream opened after the outage hears an event made after it: the process's LISTEN connection is back.
    await expect.poll(async () => (await fetch(`${app.origin}/api/v1/notifications`, { headers: auth })).status, { timeout: 10_000 }).toBe(200);
    const controller = new AbortController();
    const stream = await fetch(`${app.origin}/api/v1/notifications/stream`, { headers: { ...auth, accept: 'text/event-stream' }, signal: controller.signal });
    expect(stream.status).toBe(200);
    const events = sseReader(stream.body!);
    const welcome = JSON.parse((await events.nextOf('unread', 10_000))!.data);
    await fetch(`${app.origin}/api/v1/notifications/read-all`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
    // The welcome notification was unread; reading it is published through NOTIFY and comes back through LISTEN.
    expect(welcome).toEqual({ unread_count: 1 });
    // A LISTEN connection that comes back after the stream opened first says the count as it is then
    // (stream.ts, 'resync'): 1 again if that was before the read. Either way the 0 only comes through LISTEN.
    let count: number | undefined;
    for (let heard = 0; heard < 3 && count !== 0; heard += 1) count = JSON.parse((await events.nextOf('unread', 10_000))!.data).unread_count;
    expect(count).toBe(0);
    controller.abort();
    await events.cancel();
  });
});
