import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueOpen } from '@/test/openings';
import { withTestDatabase } from '@/test/database';
import { newUser } from '@/test/accounts';
import { consoleCall, paidRequest, signedInStaff, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import { fileStorage } from '@/lib/server/uploads/storage';
import { pngFile } from '@/test/files';
import { submittedRequest } from '@/test/requests';
import { sql } from 'drizzle-orm';

// Every endpoint of the office console's API × {signed out, a pilgrim, a
// reviewer, finance, an admin}, called from the console's own pages. The route
// files under app/api/v1/office are enumerated: a new endpoint without an
// entry here fails. A pilgrim's session is "signed out" to the console.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
type Actor = 'signed out' | 'pilgrim' | 'reviewer' | 'finance' | 'admin';
type Setup = { params?: Record<string, string>; body?: unknown };
type Entry = { body?: unknown; setup?: (pilgrimToken: string) => Promise<Setup>; expect: Record<Actor, number> };

/** Another member, for the admin to change: their id. */
const colleague = async () => ({ params: { id: (await signedInStaff('reviewer', 'Colleague')).id } });

/** A paid request waiting for review, as its id. */
const paid = async (token: string) => ({ params: { id: (await paidRequest(token)).id } });
/** The applicant's passport scan of a paid request, with its file stored. */
async function passportScan(token: string) {
  const { id } = await paidRequest(token);
  const [doc] = await queryRows<{ id: string; storage_key: string }>(sql`select id, storage_key from documents where request_id = ${id} and pilgrim = 'applicant' and kind = 'passport'`);
  await fileStorage().put(doc!.storage_key, new Uint8Array(await pngFile().arrayBuffer()), 'image/png');
  return { params: { id: doc!.id } };
}
const ROLES = (reviewer: number, finance: number, admin: number) => ({ 'signed out': 401, pilgrim: 401, reviewer, finance, admin });

const OFFICE_DIR = path.join(process.cwd(), 'app/api/v1/office');
const STAFF_ONLY = (status: number) => ({ 'signed out': 401, pilgrim: 401, reviewer: status, finance: status, admin: status });

const MATRIX: Record<string, Entry> = {
  // Signing in needs no session: a wrong password (422) for anyone.
  'POST auth/login': { body: { email: 'nobody@office.example', password: 'Wrong#2026' }, expect: { 'signed out': 422, pilgrim: 422, reviewer: 422, finance: 422, admin: 422 } },
  'POST auth/code': { body: { challenge: 'x'.repeat(43), code: '123456' }, expect: { 'signed out': 422, pilgrim: 422, reviewer: 422, finance: 422, admin: 422 } },
  'POST auth/set-password': { body: { token: 'x'.repeat(43), password: 'Labbaik#2027!', password_confirmation: 'Labbaik#2027!' }, expect: { 'signed out': 422, pilgrim: 422, reviewer: 422, finance: 422, admin: 422 } },
  'GET me': { expect: STAFF_ONLY(200) },
  'GET dashboard': { expect: STAFF_ONLY(200) },
  'GET requests': { expect: STAFF_ONLY(200) },
  'GET requests/[id]': { setup: paid, expect: STAFF_ONLY(200) },
  'POST requests/[id]/assign': { setup: paid, body: { assign: 'me' }, expect: ROLES(200, 403, 200) },
  // Approving a request just paid takes it through under_review in one step (issue 41): the reviewer approves it, the
  // admin after them finds it approved (409); finance may not review at all.
  'POST requests/[id]/review': { setup: paid, body: { status: 'approved' }, expect: ROLES(200, 403, 409) },
  // Finance and admins decide a refund proposed (none here: 404); a reviewer may not.
  // Nothing held beyond the fee of a request paid for its package: no difference to refund (409).
  'POST requests/[id]/package-refund': { setup: paid, body: {}, expect: ROLES(403, 409, 409) },
  'POST requests/[id]/refund-approval': { setup: paid, body: { decision: 'approve' }, expect: ROLES(403, 404, 404) },
  // Assigning many is reviewing work, as one by one.
  'POST requests/bulk': { setup: async (token) => ({ body: { ids: [(await paidRequest(token)).id], action: 'assign', assign: 'me' } }), expect: ROLES(200, 403, 200) },
  'GET saved-filters': { expect: STAFF_ONLY(200) },
  'POST saved-filters': { setup: async () => ({ body: { name: `Mine ${Date.now()}`, query: 'view=mine&overdue=1' } }), expect: STAFF_ONLY(201) },
  // Another member's, or nobody's: 404 for everyone.
  'DELETE saved-filters/[id]': { setup: async () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }), expect: STAFF_ONLY(404) },
  'GET calendar': { expect: ROLES(403, 403, 200) },
  'PUT calendar': { body: { work_days: [0, 1, 2, 3, 4], holidays: [] }, expect: ROLES(403, 403, 200) },
  // Money received at the counter: finance records it (201); the admin after them finds it paid (409).
  'POST requests/[id]/payments': {
    setup: async (token) => {
      const { id, fee } = await submittedRequest(token);
      return { params: { id }, body: { amount_minor: fee, receipt_number: `M-${Date.now()}` } };
    },
    expect: ROLES(403, 201, 409),
  },
  'POST requests/[id]/notes': { setup: paid, body: { body: 'Checked by phone.' }, expect: STAFF_ONLY(201) },
  'GET documents/[id]': { setup: passportScan, expect: STAFF_ONLY(200) },
  'GET export': { expect: ROLES(403, 200, 200) },
  'GET audit': { expect: ROLES(403, 403, 200) },
  'GET catalogue': { expect: ROLES(403, 403, 200) },
  'GET openings/[service]': { setup: async () => ({ params: await queueOpen() }), expect: STAFF_ONLY(200) },
  'POST openings/[service]': { setup: async () => ({ params: await queueOpen() }), body: { action: 'pause' }, expect: ROLES(403, 403, 200) },
  'GET staff': { expect: ROLES(403, 403, 200) },
  'POST staff': { setup: async () => ({ body: { email: `invited.${Date.now()}.${Math.random().toString(36).slice(2)}@office.example`, name: 'Invited Member', role: 'reviewer' } }), expect: ROLES(403, 403, 201) },
  'PATCH staff/[id]': { setup: colleague, body: { role: 'finance' }, expect: ROLES(403, 403, 200) },
  'POST staff/[id]/reset-two-factor': { setup: colleague, expect: ROLES(403, 403, 204) },
  'PATCH catalogue/[id]': { setup: async () => ({ params: { id: 'umrah' } }), body: { companion_limit: 12 }, expect: ROLES(403, 403, 200) },
  // Last: it ends the session it is called with.
  'POST auth/logout': { expect: STAFF_ONLY(204) },
};

function routeFiles(dir = OFFICE_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [path.relative(OFFICE_DIR, dir).split(path.sep).join('/')] : [];
  });
}

async function endpoints() {
  const found: { key: string; handler: Handler; method: string }[] = [];
  for (const file of routeFiles()) {
    const mod = (await import(/* @vite-ignore */ path.join(OFFICE_DIR, file, 'route.ts'))) as Record<string, unknown>;
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      if (typeof mod[method] === 'function') found.push({ key: `${method} ${file}`, handler: mod[method] as Handler, method });
    }
  }
  return found;
}

describe('office authorization matrix', async () => {
  const all = await endpoints();

  it('has an entry for every endpoint under app/api/v1/office, and no entry without one', () => {
    expect(all.map((e) => e.key).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  for (const key of Object.keys(MATRIX)) {
    const found = all.find((e) => e.key === key);
    if (!found) continue; // reported above
    const entry = MATRIX[key]!;
    it(`${key}: ${Object.entries(entry.expect).map(([actor, status]) => `${actor} → ${status}`).join(', ')}`, async () => {
      const pilgrim = await newUser();
      const staff = {
        reviewer: (await signedInStaff('reviewer')).cookie,
        finance: (await signedInStaff('finance')).cookie,
        admin: (await signedInStaff('admin')).cookie,
      };
      const made = (await entry.setup?.(pilgrim.token)) ?? {};
      const seen = {} as Record<Actor, number>;
      for (const actor of ['signed out', 'pilgrim', 'reviewer', 'finance', 'admin'] as const) {
        const options = { method: found.method, body: made.body ?? entry.body, params: made.params, locale: 'en' as const };
        const answer =
          actor === 'signed out'
            ? await consoleCall(found.handler, options)
            : actor === 'pilgrim'
              ? await consoleCall(found.handler, { ...options, token: pilgrim.token, cookie: `session=${pilgrim.token}` })
              : await consoleCall(found.handler, { ...options, staffCookie: staff[actor] });
        seen[actor] = answer.status;
      }
      expect(seen).toEqual(entry.expect);
    });
  }
});
