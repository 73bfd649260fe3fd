import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
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
