import 'server-only';
import { and, eq, inArray, like } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { documents, requests } from '@/lib/server/db/schema';
import { fileStorage } from '@/lib/server/uploads/storage';

/** The storage keys of the documents of these requests. */
export async function documentKeys(db: Db, requestIds: string[]): Promise<string[]> {
  if (requestIds.length === 0) return [];
  const rows = await db.select({ storageKey: documents.storageKey }).from(documents).where(inArray(documents.requestId, requestIds));
  return rows.map((row) => row.storageKey);
}

/** Where a document's thumbnail is kept, beside its file (lib/server/requests/documents.ts). */
export function thumbnailKey(storageKey: string) {
  return `${storageKey}-thumbnail.jpg`;
}

/** Removes documents' stored files (disk or S3) and their thumbnails; a file already gone (or never made) is fine. */
export async function deleteStoredFiles(keys: string[]) {
  await Promise.all(keys.flatMap((key) => [fileStorage().delete(key), fileStorage().delete(thumbnailKey(key))]));
}

/**
 * Deletes a draft with its documents' files. The files go inside the
 * transaction: if the storage fails, the draft stays and the user can try
 * again, rather than the row going while passport scans stay behind.
 */
export async function deleteDraftWithFiles(db: Db, id: string) {
  await db.transaction(async (tx) => {
    const [draft] = await tx
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.id, id), eq(requests.status, 'draft')))
      .for('update');
    if (!draft) return;
    await deleteStoredFiles(await documentKeys(tx, [id]));
    await tx.delete(requests).where(eq(requests.id, id));
  });
}

/**
 * Documents kept against a pilgrim's place in the list (`companion-<n>`) rather than their id: migration 0024 moved
 * every such row to the companion at that place, and left those of places no longer in the list, which belong to
 * no one on the request (never listed nor served, companions.ts). Their rows and files are deleted here, at start
 * and every hour (auth/housekeeping.ts); the app itself never writes a place.
 */
export async function purgeStrayDocuments() {
  const db = await getDb();
  const stray = await db.delete(documents).where(like(documents.pilgrim, 'companion-%')).returning({ storageKey: documents.storageKey });
  await deleteStoredFiles(stray.map((doc) => doc.storageKey));
  return stray.length;
}
