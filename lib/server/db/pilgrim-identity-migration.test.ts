import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { companion, person, SERVICE } from '@/test/answers';
import { getDb } from '@/lib/server/db/client';
import { documents, invitations, requests } from '@/lib/server/db/schema';
import { fileStorage } from '@/lib/server/uploads/storage';
import { purgeStrayDocuments } from '@/lib/server/requests/request-files';
import * as oneRoute from '@/app/api/v1/requests/[id]/route';
import * as documentRoute from '@/app/api/v1/documents/[id]/route';

// Migration 0024 (issue 57, item 1): rows kept against a companion's place ('companion-<n>') move to the
// companion at that place now, by their id. The test database has every migration already: rows written the
// old way are put in, and the migration's statements run over them as the migrator runs them.

withTestDatabase();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STATEMENTS = readFileSync(path.join(process.cwd(), 'drizzle/0024_pilgrim_identity.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .filter((statement) => statement.replace(/--.*$/gm, '').trim());

async function migrate() {
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const statement of STATEMENTS) await tx.execute(sql.raw(statement));
  });
}

type Row = typeof requests.$inferSelect;
const rowOf = async (id: string): Promise<Row> => (await (await getDb()).select().from(requests).where(eq(requests.id, id)))[0]!;
const idsOf = (data: Record<string, unknown>) => (data.companions as { pilgrim_id?: string }[]).map((item) => item.pilgrim_id);

describe('migration 0024: pilgrims by id', () => {
  it('gives each companion an id, moves documents, flags, notes and invitations from their place to them, and leaves a place no longer listed to no one', async () => {
    const owner = await newUser('Old Rows');
    const db = await getDb();
    const bob = 'b0b0b0b0-0000-4000-8000-00000000000b';
    const data = {
      service: SERVICE,
      applicant: person(),
      companions: [
        companion({ name_latin: 'Zed Old' }),
        { ...companion({ name_latin: 'Bob Old' }), pilgrim_id: bob },
        { ...companion({ name_latin: 'Copy Old' }), pilgrim_id: bob },
        { ...companion({ name_latin: 'Odd Old' }), pilgrim_id: 'not-a-uuid' },
      ],
    };
    const [request] = await db
      .insert(requests)
      .values({
        userId: owner.user.id,
        typeId: 'hajj',
        status: 'changes_requested',
        version: 5,
        data,
        flagged: { applicant: ['photo'], 'companion-0': ['passport'], 'companion-1': ['passport_number'], 'companion-7': ['mobile'] },
        flagNotes: { 'companion-0': { passport: { reason: null, note: 'Zed: blurred' } }, 'companion-7': { mobile: { reason: null, note: 'nobody' } } },
        previousData: { ...data, companions: [companion({ name_latin: 'Zed Old' }), companion({ name_latin: 'Bob Old' })] },
      })
      .returning();
    const id = request!.id;
    const doc = (pilgrim: string, kind: 'passport' | 'photo') => ({ requestId: id, pilgrim, kind, fileName: `${pilgrim}.png`, mime: 'image/png', size: 1, storageKey: `requests/${id}/${pilgrim}-${kind}` });
    await db.insert(documents).values([doc('applicant', 'passport'), doc('companion-0', 'passport'), doc('companion-1', 'photo'), doc('companion-2', 'photo'), doc('companion-5', 'photo')]);
    const orphanKey = `requests/${id}/companion-5-photo`;
    await fileStorage().put(orphanKey, new Uint8Array([1, 2, 3]), 'image/png');
    const [orphan] = await db.select().from(documents).where(eq(documents.storageKey, orphanKey));
    await db.insert(invitations).values(
      [bob, 'not-a-uuid'].map((pilgrimId) => ({ requestId: id, pilgrimId, email: `${pilgrimId}@example.com`, tokenHash: `hash-${pilgrimId}`, locale: 'en', invitedBy: owner.user.id, expiresAt: new Date(Date.now() + 86_400_000) })),
    );

    await migrate();

    const after = await rowOf(id);
    const [zed, keptBob, copy, odd] = idsOf(after.data);
    expect(zed).toMatch(UUID);
    expect(keptBob).toBe(bob);
    expect(copy).toMatch(UUID);
    expect(copy).not.toBe(bob);
    expect(odd).toMatch(UUID);
    expect(new Set([zed, keptBob, copy, odd]).size).toBe(4);
    // The answers are otherwise as they were; a form opened before sees them again.
    expect((after.data.companions as { name_latin: string }[]).map((item) => item.name_latin)).toEqual(['Zed Old', 'Bob Old', 'Copy Old', 'Odd Old']);
    expect(after.version).toBe(6);

    const docs = await db.select().from(documents).where(eq(documents.requestId, id));
    expect(Object.fromEntries(docs.map((row) => [row.fileName, row.pilgrim]))).toEqual({
      'applicant.png': 'applicant',
      'companion-0.png': zed,
      'companion-1.png': bob,
      'companion-2.png': copy,
      // No one is at that place: kept against it, which names no one.
      'companion-5.png': 'companion-5',
    });
    expect(after.flagged).toEqual({ applicant: ['photo'], [zed!]: ['passport'], [bob]: ['passport_number'] });
    expect(after.flagNotes).toEqual({ [zed!]: { passport: { reason: null, note: 'Zed: blurred' } } });
    expect(idsOf(after.previousData!)).toEqual([zed, bob]);
    const invited = await db.select({ pilgrimId: invitations.pilgrimId }).from(invitations).where(eq(invitations.requestId, id));
    expect(invited.map((row) => row.pilgrimId).sort()).toEqual([bob, odd].sort());

    // Through the API: each document under the person at its place, the one of a place no longer listed nowhere.
    const read = (await call(oneRoute.GET, { token: owner.token, params: { id } })).json!.data;
    expect(read.documents.map((item: { file_name: string; pilgrim: string; pilgrim_id: string | null }) => [item.file_name, item.pilgrim, item.pilgrim_id])).toEqual([
      ['applicant.png', 'applicant', null],
      ['companion-0.png', 'companion-0', zed],
      ['companion-1.png', 'companion-1', bob],
      ['companion-2.png', 'companion-2', copy],
    ]);
    expect(read.flagged).toEqual({ applicant: ['photo'], 'companion-0': ['passport'], 'companion-1': ['passport_number'] });
    expect((await call(documentRoute.GET, { token: owner.token, params: { id: orphan!.id } })).status).toBe(404);

    // Run again: nothing moves.
    await migrate();
    const again = await rowOf(id);
    expect(again.data).toEqual(after.data);
    expect(again.version).toBe(6);
    expect(again.flagged).toEqual(after.flagged);
    expect(await db.select().from(documents).where(eq(documents.requestId, id))).toEqual(docs);

    // The housekeeping deletes the document no one owns, and its file.
    expect(await purgeStrayDocuments()).toBe(1);
    expect((await db.select().from(documents).where(eq(documents.requestId, id))).map((row) => row.fileName).sort()).toEqual(['applicant.png', 'companion-0.png', 'companion-1.png', 'companion-2.png']);
    expect(await fileStorage().get(orphanKey)).toBeNull();
  });
});
