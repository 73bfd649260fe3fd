import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createDatabase, migratedDataDir, portFor, registerUser, startApp, type AppProcess } from './app-process';

// The server killed (SIGKILL: no shutdown, no flush) in the middle of
// autosaves, then started again on the same database: every save it
// acknowledged (200 with a version) is there. On PGlite in a data folder (the
// default deployment) and, when DATABASE_URL is set, on PostgreSQL.

const DATABASE_URL = process.env.DATABASE_URL;
const ROUNDS = 2;
const CLIENTS = 3;

type Draft = { id: string; version: number; token: string };
type Ack = { version: number; note: number };

const databases: Array<{ name: string; slot: number }> = [{ name: 'PGlite', slot: 2 }, ...(DATABASE_URL ? [{ name: 'PostgreSQL', slot: 3 }] : [])];

for (const { name, slot } of databases) {
  test.describe(`killed mid-autosave on ${name}`, () => {
    test.describe.configure({ timeout: 150_000 });
    let env: Record<string, string>;
    let cleanup = async () => {};
    let app: AppProcess | undefined;

    test.beforeAll(async () => {
      const dataDir = `.data/e2e-crash-${slot}`;
      rmSync(dataDir, { recursive: true, force: true });
      if (name === 'PostgreSQL') {
        const database = await createDatabase(DATABASE_URL!, 'portal_e2e_crash');
        env = { DATABASE_URL: database.url, DATA_DIR: dataDir, REDIS_URL: '' };
        cleanup = database.drop;
      } else {
        // DATABASE_URL empty: the app opens PGlite in DATA_DIR/pglite, copied from a migrated template.
        migratedDataDir(dataDir);
        env = { DATABASE_URL: '', DATA_DIR: dataDir, REDIS_URL: '' };
        cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
      }
    });

    test.afterAll(async () => {
      await app?.stop();
      await cleanup();
    });

    test('no acknowledged save is lost', async () => {
      app = await startApp(portFor(slot), env);
      const drafts: Draft[] = [];
      for (let i = 0; i < CLIENTS; i += 1) {
        const token = await registerUser(app.origin, `crash.${slot}.${i}`);
        const created = await fetch(`${app.origin}/api/v1/requests`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'hajj' }),
        });
        const { data } = await created.json();
        drafts.push({ id: data.id, version: data.version, token });
      }
      const acked = new Map<string, Ack>(drafts.map((d) => [d.id, { version: d.version, note: -1 }]));
      const inFlight = new Map<string, number>();
      let note = 0;
      let savesAcked = 0;

      for (let round = 0; round < ROUNDS; round += 1) {
        const origin = app.origin;
        // Each client autosaves one change after another, as the form does, until the server dies.
        const clients = drafts.map(async (draft) => {
          for (;;) {
            const mine = (note += 1);
            inFlight.set(draft.id, mine);
            let response: Response;
            try {
              response = await fetch(`${origin}/api/v1/requests/${draft.id}`, {
                method: 'PATCH',
                headers: { authorization: `Bearer ${draft.token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ step: 'applicant', data: { name_latin: `Pilgrim ${mine}` }, version: draft.version }),
              });
            } catch {
              return; // the server is gone: this save was never acknowledged
            }
            // Killed after the status line, before the body: not acknowledged either.
            const body = await response.json().catch(() => null);
            if (body === null) return;
            expect(response.status).toBe(200);
            const { data } = body;
            draft.version = data.version;
            acked.set(draft.id, { version: data.version, note: mine });
            savesAcked += 1;
          }
        });
        // A random moment: after 3 to 12 more acknowledged saves, plus up to 100 ms (mid-request, mid-commit or between requests).
        const killAfter = savesAcked + 3 + Math.floor(Math.random() * 10);
        while (savesAcked < killAfter) await new Promise((r) => setTimeout(r, 5));
        await new Promise((r) => setTimeout(r, Math.random() * 100));
        app.child.kill('SIGKILL');
        await Promise.all(clients);
        await new Promise<void>((resolve) => (app!.child.exitCode !== null || app!.child.signalCode ? resolve() : app!.child.once('exit', () => resolve())));

        app = await startApp(portFor(slot), env);
        for (const draft of drafts) {
          const response = await fetch(`${app.origin}/api/v1/requests/${draft.id}`, { headers: { authorization: `Bearer ${draft.token}` } });
          expect(response.status).toBe(200);
          const { data } = await response.json();
          const last = acked.get(draft.id)!;
          // The last acknowledged save, or the one in flight when the server died (committed, not yet answered).
          if (data.version === last.version) {
            expect(data.data.applicant ?? null).toEqual(last.note < 0 ? null : { name_latin: `Pilgrim ${last.note}` });
          } else {
            expect(data.version).toBe(last.version + 1);
            expect(data.data.applicant).toEqual({ name_latin: `Pilgrim ${inFlight.get(draft.id)}` });
          }
          draft.version = data.version;
        }
      }
      console.log(`crash-autosave ${name}: ${ROUNDS} kills, ${savesAcked} acknowledged saves, 0 lost`);
      expect(savesAcked).toBeGreaterThanOrEqual(ROUNDS * 3);
    });
  });
}
