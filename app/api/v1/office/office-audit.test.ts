import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { newUser } from '@/test/accounts';
import { consoleCall, paidRequest, signedInStaff, useOpsKey } from '@/test/staff';
import { queryRows } from '@/lib/server/db/client';
import { fileStorage } from '@/lib/server/uploads/storage';
import { pngFile } from '@/test/files';
import * as viewRoute from './requests/[id]/route';
import * as assignRoute from './requests/[id]/assign/route';
import * as reviewRoute from './requests/[id]/review/route';
import * as documentRoute from './documents/[id]/route';
import * as auditRoute from './audit/route';

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

type Entry = { action: string; actor: { kind: string; email: string | null; name: string | null }; request: { id: string; reference: string | null } | null; member: { id: string; name: string } | null; details: Record<string, unknown> };

describe('the audit log as sentences (issue 41, item 9)', () => {
  it('names the request (a document’s too) by its reference, the actor and the member assigned, and filters by reference in any case', async () => {
    const admin = await signedInStaff('admin');
    const reviewer = await signedInStaff('reviewer', 'Yusuf Reviewer');
    const pilgrim = await newUser();
    const mine = await paidRequest(pilgrim.token);
    const other = await paidRequest(pilgrim.token);

    // A reviewer's morning on one request: opens it, takes it, reads a scan, starts the review; and opens another.
    const opened = (await consoleCall(viewRoute.GET, { staffCookie: reviewer.cookie, params: { id: mine.id } })).json!.data;
    expect((await consoleCall(assignRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id: mine.id }, body: { assign: 'me' } })).status).toBe(200);
    const passport = opened.documents.find((doc: { pilgrim: string; kind: string }) => doc.pilgrim === 'applicant' && doc.kind === 'passport');
    const [stored] = await queryRows<{ storage_key: string }>(sql`select storage_key from documents where id = ${passport.id}`);
    await fileStorage().put(stored!.storage_key, new Uint8Array(await pngFile().arrayBuffer()), 'image/png');
    expect((await consoleCall(documentRoute.GET, { staffCookie: reviewer.cookie, params: { id: passport.id } })).status).toBe(200);
    expect((await consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id: mine.id }, body: { status: 'under_review' }, locale: 'en' })).status).toBe(200);
    expect((await consoleCall(viewRoute.GET, { staffCookie: reviewer.cookie, params: { id: other.id } })).status).toBe(200);

    const log = async (query: string) => {
      const answer = await consoleCall(auditRoute.GET, { staffCookie: admin.cookie, path: `/api/v1/office/audit?${query}` });
      expect(answer.status).toBe(200);
      return answer.json!.data as Entry[];
    };
    const entries = await log(`reference=${encodeURIComponent(mine.reference.toLowerCase())}`);
    expect(entries.map((entry) => entry.action)).toEqual(['request.move', 'document.view', 'request.assign', 'request.view']);
    const actor = { kind: 'staff', email: reviewer.email, name: 'Yusuf Reviewer' };
    for (const entry of entries) expect(entry).toMatchObject({ actor, request: { id: mine.id, reference: mine.reference } });
    expect(entries.find((entry) => entry.action === 'request.assign')!.member).toEqual({ id: reviewer.id, name: 'Yusuf Reviewer' });
    expect(entries.find((entry) => entry.action === 'request.move')!.details).toMatchObject({ to: 'under_review' });

    // Every entry comes with its request, unfiltered too; an entry on no request says so.
    const everything = await log('page=1');
    expect(everything.find((entry) => entry.action === 'request.view' && entry.request?.id === other.id)!.request).toEqual({ id: other.id, reference: other.reference });
    expect(everything.find((entry) => entry.action === 'staff.sign_in')!.request).toBeNull();
    // Filters combine; a reference nobody has finds nothing.
    expect((await log(`reference=${mine.reference}&action=document.`)).map((entry) => entry.action)).toEqual(['document.view']);
    expect(await log('reference=HJ-1400-999999')).toEqual([]);
  });
});
