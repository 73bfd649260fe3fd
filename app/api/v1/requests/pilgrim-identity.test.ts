import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { upload } from '@/test/api-form';
import { newUser } from '@/test/accounts';
import { jpegFile, pngFile } from '@/test/files';
import { readyDraft, uniquePassport } from '@/test/requests';
import { consoleCall, paidRequest, signedInStaff, useOpsKey } from '@/test/staff';
import { paidAtCounter } from '@/test/requests';
import { getDb, queryRows } from '@/lib/server/db/client';
import { documents, invitations, mailOutbox } from '@/lib/server/db/schema';
import { fileStorage } from '@/lib/server/uploads/storage';
import * as oneRoute from './[id]/route';
import * as submitRoute from './[id]/submit/route';
import * as documentsRoute from './[id]/documents/route';
import * as invitationRoute from './[id]/pilgrims/[pilgrim]/invitation/route';
import * as acceptRoute from '../invitations/accept/route';
import * as sharedRoute from '../me/shared-requests/[id]/route';
import * as documentRoute from '../documents/[id]/route';
import * as officeViewRoute from '../office/requests/[id]/route';
import * as officeDocumentRoute from '../office/documents/[id]/route';
import * as reviewRoute from '../office/requests/[id]/review/route';

// A pilgrim is a person, not a position (issue 57, item 1; docs/FAMILIES.md): documents, the office's flags and
// invitations stay with the companion they were for through every removal and reorder, on the database.

withTestDatabase();
beforeAll(() => useOpsKey());
afterAll(() => useOpsKey(undefined));

type Doc = { id: string; pilgrim: string; pilgrim_id: string | null; kind: string; file_name: string };
type Companion = Record<string, unknown> & { pilgrim_id: string; name_latin: string };

const details = async (token: string, id: string) => (await call(oneRoute.GET, { token, params: { id } })).json!.data;
const saveCompanions = async (token: string, id: string, data: unknown[]) => {
  const version = (await details(token, id)).version;
  return call(oneRoute.PATCH, { method: 'PATCH', token, params: { id }, body: { step: 'companions', data, version, complete: true } });
};
const shared = (token: string, id: string) => call(sharedRoute.GET, { token, params: { id } });
const stored = async (key: string) => (await fileStorage().get(key)) !== null;

async function invitationToken(email: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'companion_invite'), eq(mailOutbox.toAddress, email.toLowerCase()))).orderBy(desc(mailOutbox.id)).limit(1);
  return row!.params.token!;
}

/** `who` invited to the companion at `pilgrim` and accepted. */
async function onRequest(organiser: string, id: string, pilgrim: string, who: Awaited<ReturnType<typeof newUser>>) {
  expect((await call(invitationRoute.POST, { token: organiser, params: { id, pilgrim }, body: { email: who.user.email } })).status).toBe(201);
  expect((await call(acceptRoute.POST, { token: who.token, body: { token: await invitationToken(who.user.email) } })).status).toBe(200);
}

/**
 * The family: the applicant, then Zed and Bob, each with a passport scan and a photo uploaded; Bob (and
 * Zed) invited and accepted; the request sent, paid at the counter, and sent back by the office with a flag on
 * each companion. Now the applicant may change the companions.
 */
async function zedAndBob() {
  const organiser = await newUser('Organiser Family');
  const id = await readyDraft(organiser.token, { companions: 2 });
  const [first, second] = (await details(organiser.token, id)).data.companions as Companion[];
  // Passports of their own for each family: one passport is on at most one live request (issue 58, item 2), and each
  // test of this file sends its family, still live (sent back for changes), in the one database.
  const zed = { ...first!, name_latin: 'Zed Zedson', passport_number: uniquePassport('Z'), email: 'zed@example.com' };
  const bob = { ...second!, name_latin: 'Bob Bobson', passport_number: uniquePassport('B'), email: 'bob@example.com' };
  expect((await saveCompanions(organiser.token, id, [zed, bob])).status).toBe(200);
  for (const [pilgrim, kind, file] of [
    ['companion-0', 'passport', jpegFile('zed-passport.jpg')],
    ['companion-0', 'photo', pngFile('zed-photo.png')],
    ['companion-1', 'passport', jpegFile('bob-passport.jpg')],
    ['companion-1', 'photo', pngFile('bob-photo.png')],
  ] as const) {
    const uploaded = await upload(documentsRoute.POST, { pilgrim, kind, file }, { token: organiser.token, params: { id } });
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
  }
  const bobUser = await newUser('Bob Bobson');
  const zedUser = await newUser('Zed Zedson');
  await onRequest(organiser.token, id, 'companion-1', bobUser);
  await onRequest(organiser.token, id, 'companion-0', zedUser);
  expect((await call(submitRoute.POST, { token: organiser.token, params: { id }, body: {} })).status).toBe(200);
  await paidAtCounter(id);
  const reviewer = await signedInStaff('reviewer', 'Identity Reviewer');
  const asked = await consoleCall(reviewRoute.POST, {
    method: 'POST',
    staffCookie: reviewer.cookie,
    params: { id },
    body: {
      status: 'changes_requested',
      note: 'Please check these.',
      flags: { 'companion-0': ['passport'], 'companion-1': ['passport_number'] },
      flag_notes: { 'companion-0': { passport: { note: 'Zed: the scan is blurred' } }, 'companion-1': { passport_number: { note: 'Bob: a digit is missing' } } },
    },
  });
  expect(asked.status, JSON.stringify(asked.json)).toBe(200);
  const request = await details(organiser.token, id);
  const [zedNow, bobNow] = request.data.companions as Companion[];
  const docs = request.documents as Doc[];
  const zedDocs = docs.filter((doc) => doc.file_name.startsWith('zed-'));
  const bobDocs = docs.filter((doc) => doc.file_name.startsWith('bob-'));
  expect(zedDocs).toHaveLength(2);
  expect(bobDocs).toHaveLength(2);
  const keys = await queryRows<{ id: string; storage_key: string }>(sql`select id, storage_key from documents where request_id = ${id}`);
  const keyOf = (docId: string) => keys.find((row) => row.id === docId)!.storage_key;
  return { organiser, id, zed: zedNow!, bob: bobNow!, bobUser, zedUser, reviewer, zedDocs, bobDocs, keyOf };
}

describe('a companion removed from the list', () => {
  it('takes nothing of theirs to the next companion: their scans are deleted with their files, their invitation withdrawn, their flags dropped', async () => {
    const { organiser, id, zed, bob, bobUser, zedUser, reviewer, zedDocs, bobDocs, keyOf } = await zedAndBob();
    const zedKeys = zedDocs.map((doc) => keyOf(doc.id));
    for (const key of zedKeys) expect(await stored(key)).toBe(true);

    // The applicant removes Zed: Bob is now the first companion.
    expect((await saveCompanions(organiser.token, id, [bob])).status).toBe(200);

    // Bob's part lists his own scans only, and Zed's is not served to him.
    const bobView = (await shared(bobUser.token, id)).json!.data;
    expect(bobView.pilgrim).toBe('companion-0');
    for (const doc of zedDocs) expect((await call(documentRoute.GET, { token: bobUser.token, params: { id: doc.id } })).status).toBe(404);
    expect((bobView.documents as Doc[]).map((doc) => doc.id).sort()).toEqual(bobDocs.map((doc) => doc.id).sort());
    expect(bobView.flagged).toEqual(['passport_number']);
    expect(bobView.flag_notes).toEqual({ passport_number: { reason: null, note: 'Bob: a digit is missing' } });
    // Labels come from the list as it is now, and each document says whose it is.
    expect((bobView.documents as Doc[]).map((doc) => [doc.pilgrim, doc.pilgrim_id])).toEqual([['companion-0', bob.pilgrim_id], ['companion-0', bob.pilgrim_id]]);
    for (const doc of zedDocs) {
      expect((await call(documentRoute.GET, { token: bobUser.token, params: { id: doc.id } })).status).toBe(404);
      expect((await call(documentRoute.GET, { token: organiser.token, params: { id: doc.id } })).status).toBe(404);
    }
    for (const doc of bobDocs) expect((await call(documentRoute.GET, { token: bobUser.token, params: { id: doc.id } })).status).toBe(200);

    // Zed's files are gone from storage, and their rows with them; Bob's stay.
    for (const key of zedKeys) expect(await stored(key)).toBe(false);
    for (const doc of bobDocs) expect(await stored(keyOf(doc.id))).toBe(true);
    const rows = await (await getDb()).select().from(documents).where(eq(documents.requestId, id));
    expect(rows.map((row) => row.pilgrim).sort()).toEqual(['applicant', 'applicant', bob.pilgrim_id, bob.pilgrim_id].sort());

    // Zed's invitation is withdrawn: Zed's account sees the request no more; Bob's stays Bob's.
    expect((await shared(zedUser.token, id)).status).toBe(404);
    const live = await (await getDb()).select().from(invitations).where(eq(invitations.requestId, id));
    expect(live.filter((row) => row.endedAt === null).map((row) => row.pilgrimId)).toEqual([bob.pilgrim_id]);
    expect(live.find((row) => row.pilgrimId === zed.pilgrim_id)).toMatchObject({ endedReason: 'withdrawn' });

    // The applicant's page: Bob's flags beside Bob, Zed's gone; Bob's invitation under Bob.
    const mine = await details(organiser.token, id);
    expect(mine.flagged).toEqual({ 'companion-0': ['passport_number'] });
    expect(mine.flag_notes).toEqual({ 'companion-0': { passport_number: { reason: null, note: 'Bob: a digit is missing' } } });
    expect((mine.documents as Doc[]).filter((doc) => doc.pilgrim !== 'applicant').map((doc) => [doc.pilgrim, doc.pilgrim_id])).toEqual([['companion-0', bob.pilgrim_id], ['companion-0', bob.pilgrim_id]]);
    expect(mine.invitations).toEqual([expect.objectContaining({ pilgrim: 'companion-0', pilgrim_id: bob.pilgrim_id, email: bobUser.user.email.toLowerCase(), state: 'accepted' })]);

    // The office: nothing of Zed's anywhere on the request, and Zed's scan cannot be opened.
    const office = (await consoleCall(officeViewRoute.GET, { staffCookie: reviewer.cookie, params: { id } })).json!.data;
    const officeDocs = office.documents as Doc[];
    expect(officeDocs.map((doc) => doc.id).sort()).toEqual([...(mine.documents as Doc[]).map((doc) => doc.id)].sort());
    expect(officeDocs.filter((doc) => doc.pilgrim === 'companion-0').map((doc) => doc.id).sort()).toEqual(bobDocs.map((doc) => doc.id).sort());
    expect(JSON.stringify(office)).not.toContain('zed-');
    expect(office.flagged).toEqual({ 'companion-0': ['passport_number'] });
    expect(office.flag_notes).toEqual({ 'companion-0': { passport_number: { reason: null, note: 'Bob: a digit is missing' } } });
    for (const doc of zedDocs) expect((await consoleCall(officeDocumentRoute.GET, { staffCookie: reviewer.cookie, params: { id: doc.id } })).status).toBe(404);
  });

  it('sent without its id is someone new: nothing stored against the one listed there before is theirs', async () => {
    const { organiser, id, zed, bob, bobUser, bobDocs, keyOf } = await zedAndBob();
    // A client that drops Bob's id: Bob's answers come back as a new person.
    const bobWithoutId: Record<string, unknown> = { ...bob };
    delete bobWithoutId.pilgrim_id;
    expect((await saveCompanions(organiser.token, id, [zed, bobWithoutId])).status).toBe(200);
    const request = await details(organiser.token, id);
    const newcomer = (request.data.companions as Companion[])[1]!;
    expect(newcomer.pilgrim_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(newcomer.pilgrim_id).not.toBe(bob.pilgrim_id);
    expect((request.documents as Doc[]).filter((doc) => doc.pilgrim === 'companion-1')).toEqual([]);
    expect(request.flagged).toEqual({ 'companion-0': ['passport'] });
    expect(request.invitations.map((invitation: { pilgrim_id: string }) => invitation.pilgrim_id)).toEqual([zed.pilgrim_id]);
    expect((await shared(bobUser.token, id)).status).toBe(404);
    for (const doc of bobDocs) expect(await stored(keyOf(doc.id))).toBe(false);

    // An id sent twice is the first one's: the second entry is someone new.
    expect((await saveCompanions(organiser.token, id, [zed, { ...bobWithoutId, pilgrim_id: zed.pilgrim_id }])).status).toBe(200);
    const twice = (await details(organiser.token, id)).data.companions as Companion[];
    expect(twice[0]!.pilgrim_id).toBe(zed.pilgrim_id);
    expect(twice[1]!.pilgrim_id).not.toBe(zed.pilgrim_id);
    // An id that is not one of the portal's is replaced, never kept as a key.
    expect((await saveCompanions(organiser.token, id, [zed, { ...bobWithoutId, pilgrim_id: 'applicant' }])).status).toBe(200);
    expect(((await details(organiser.token, id)).data.companions as Companion[])[1]!.pilgrim_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('companions reordered', () => {
  it('keep their own scans, flags and invitations: each label follows the person', async () => {
    const { organiser, id, zed, bob, bobUser, zedUser, reviewer, zedDocs, bobDocs, keyOf } = await zedAndBob();
    expect((await saveCompanions(organiser.token, id, [bob, zed])).status).toBe(200);

    const mine = await details(organiser.token, id);
    const docs = mine.documents as Doc[];
    expect(docs.filter((doc) => doc.pilgrim === 'companion-0').map((doc) => doc.id).sort()).toEqual(bobDocs.map((doc) => doc.id).sort());
    expect(docs.filter((doc) => doc.pilgrim === 'companion-1').map((doc) => doc.id).sort()).toEqual(zedDocs.map((doc) => doc.id).sort());
    expect(mine.flagged).toEqual({ 'companion-0': ['passport_number'], 'companion-1': ['passport'] });
    expect(mine.invitations.map((invitation: { pilgrim: string; pilgrim_id: string }) => [invitation.pilgrim, invitation.pilgrim_id])).toEqual([['companion-0', bob.pilgrim_id], ['companion-1', zed.pilgrim_id]]);
    for (const doc of [...zedDocs, ...bobDocs]) expect(await stored(keyOf(doc.id))).toBe(true);

    const bobView = (await shared(bobUser.token, id)).json!.data;
    expect(bobView).toMatchObject({ pilgrim: 'companion-0', flagged: ['passport_number'], answers: { name_latin: 'Bob Bobson' } });
    expect((bobView.documents as Doc[]).map((doc) => doc.id).sort()).toEqual(bobDocs.map((doc) => doc.id).sort());
    const zedView = (await shared(zedUser.token, id)).json!.data;
    expect(zedView).toMatchObject({ pilgrim: 'companion-1', flagged: ['passport'], answers: { name_latin: 'Zed Zedson' } });
    for (const doc of zedDocs) expect((await call(documentRoute.GET, { token: bobUser.token, params: { id: doc.id } })).status).toBe(404);

    const office = (await consoleCall(officeViewRoute.GET, { staffCookie: reviewer.cookie, params: { id } })).json!.data;
    expect((office.documents as Doc[]).filter((doc) => doc.pilgrim === 'companion-0').map((doc) => doc.id).sort()).toEqual(bobDocs.map((doc) => doc.id).sort());
    expect(office.flagged).toEqual({ 'companion-0': ['passport_number'], 'companion-1': ['passport'] });

    // An upload named by label goes to whoever is at that place now; by id, to that person wherever they are.
    const byLabel = await upload(documentsRoute.POST, { pilgrim: 'companion-0', kind: 'photo', file: pngFile('bob-new.png') }, { token: organiser.token, params: { id } });
    expect(byLabel.json!.data).toMatchObject({ pilgrim: 'companion-0', pilgrim_id: bob.pilgrim_id });
    const byId = await upload(documentsRoute.POST, { pilgrim: zed.pilgrim_id, kind: 'photo', file: pngFile('zed-new.png') }, { token: organiser.token, params: { id } });
    expect(byId.status, JSON.stringify(byId.json)).toBe(201);
    expect(byId.json!.data).toMatchObject({ pilgrim: 'companion-1', pilgrim_id: zed.pilgrim_id });
    const unknown = await upload(documentsRoute.POST, { pilgrim: '6f1c1d2e-0000-4000-8000-000000000000', kind: 'photo', file: pngFile() }, { token: organiser.token, params: { id } });
    expect(unknown.status).toBe(422);

    // Sent again: old -> new matches each companion with themselves, so a reorder changed no one's answers.
    expect((await call(submitRoute.POST, { token: organiser.token, params: { id }, body: {} })).status).toBe(200);
    const resent = (await consoleCall(officeViewRoute.GET, { staffCookie: reviewer.cookie, params: { id } })).json!.data;
    expect(resent.status).toBe('submitted');
    expect(resent.changes).toEqual([]);
  });
});

describe('the office names pilgrims', () => {
  it('by label or by id, and kept by id; a pilgrim not on the request is a 422 on their name', async () => {
    const organiser = await newUser('Organiser Flags');
    const paid = await paidRequest(organiser.token);
    const reviewer = await signedInStaff('reviewer', 'Flags Reviewer');
    const companion = ((await details(organiser.token, paid.id)).data.companions as Companion[])[0]!;
    const ask = (flags: Record<string, string[]>) =>
      consoleCall(reviewRoute.POST, { method: 'POST', staffCookie: reviewer.cookie, params: { id: paid.id }, body: { status: 'changes_requested', note: 'Please check.', flags }, locale: 'en' });
    const stranger = await ask({ 'companion-5': ['passport'] });
    expect(stranger.status).toBe(422);
    expect(stranger.json!.error.fields).toEqual({ 'flags.companion-5': ['There is no such pilgrim in this request.'] });
    expect((await ask({ applicant: ['photo'], [companion.pilgrim_id]: ['passport'] })).status).toBe(200);
    const [row] = await queryRows<{ flagged: Record<string, string[]> }>(sql`select flagged from requests where id = ${paid.id}`);
    expect(row!.flagged).toEqual({ applicant: ['photo'], [companion.pilgrim_id]: ['passport'] });
    expect((await details(organiser.token, paid.id)).flagged).toEqual({ applicant: ['photo'], 'companion-0': ['passport'] });
  });
});
