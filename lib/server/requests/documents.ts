import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { documents, requests } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/errors';
import { logger } from '@/lib/server/log/logger';
import { fileStorage } from '@/lib/server/uploads/storage';
import { IMAGE_LIMITS } from '@/lib/server/uploads/image-header';
import { inspectDocument, type DocumentKind, type InspectMessages } from '@/lib/server/uploads/inspect';
import { makeThumbnail } from '@/lib/server/uploads/thumbnail';
import { formatMegabytes, formatPlain } from '@/lib/i18n/numbers';
import { EDITABLE_STATUSES, type RequestStatus } from '@/lib/requests/statuses';
import type { Translate } from '@/lib/validation/localize';
import { ownRequest } from './request-rows';
import { pilgrimKeyOf, pilgrimLabelOf } from './companions';
import { companionAccess } from './shared-requests';
import { publicDocument } from './request-views';
import { deleteStoredFiles, thumbnailKey } from './request-files';

/** The `file` field's messages, with numbers in the reader's digits. */
function inspectMessages({ locale, t }: { locale: string; t: Translate }): InspectMessages {
  const number = (value: number) => formatPlain(value, locale);
  return {
    notAnImage: t('ApiErrors.not_an_image'),
    tooBig: (maxKb) => t('ApiErrors.file_too_big', { limit: formatMegabytes(maxKb * 1024, locale) }),
    wrongType: (types) => t(types.includes('pdf') ? 'ApiErrors.file_not_pdf_or_image' : 'ApiErrors.file_not_image'),
    tooDemanding: t('ApiErrors.image_too_demanding'),
    tooLarge: ({ width, height }) =>
      t('ApiErrors.image_too_large', {
        width: number(width),
        height: number(height),
        megapixels: number(IMAGE_LIMITS.maxPixels / 1_000_000),
        side: number(IMAGE_LIMITS.maxSide),
      }),
  };
}

/**
 * Stores a pilgrim's passport scan or photo after checking its content. A new
 * upload replaces the pilgrim's previous file of that kind.
 */
export async function uploadDocument(
  userId: string,
  requestId: string,
  input: { pilgrim: string; kind: DocumentKind; file: File },
  reader: { locale: string; t: Translate },
) {
  const { t } = reader;
  const db = await getDb();
  const row = await ownRequest(db, userId, requestId);
  if (!EDITABLE_STATUSES.includes(row.status)) throw new ApiError('conflict', { messageKey: 'wrong_state' });
  // Named by label (whoever is at that place now) or by id; kept against the pilgrim's key, never the label.
  const key = pilgrimKeyOf(row.data, input.pilgrim);
  if (!key) throw new ApiError('validation_failed', { fields: { pilgrim: [t('ApiErrors.unknown_pilgrim')] } });
  return storeDocument(db, requestId, { ...input, pilgrim: key }, reader);
}

/**
 * The same, by an invited companion for themselves (issue 42): only while the
 * request can be changed, and only as the pilgrim they are on it.
 */
export async function uploadSharedDocument(userId: string, requestId: string, input: { kind: DocumentKind; file: File }, reader: { locale: string; t: Translate }) {
  const db = await getDb();
  const access = await companionAccess(db, userId, requestId);
  if (!EDITABLE_STATUSES.includes(access.row.status)) throw new ApiError('conflict', { messageKey: 'wrong_state' });
  return storeDocument(db, requestId, { ...input, pilgrim: access.invitation.pilgrimId }, reader);
}

/**
 * Checks the file's content, stores it, and replaces the pilgrim's previous file of that kind. `pilgrim` is the
 * stored key (companions.ts): the request is read again, locked, so a pilgrim removed meanwhile gets nothing (422).
 */
async function storeDocument(db: Db, requestId: string, input: { pilgrim: string; kind: DocumentKind; file: File }, reader: { locale: string; t: Translate }) {
  const inspected = await inspectDocument(input.kind, input.file, inspectMessages(reader));
  const key = `requests/${requestId}/${randomUUID()}`;
  await fileStorage().put(key, new Uint8Array(await input.file.arrayBuffer()), inspected.mime);

  const fileName = input.file.name.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120) || `${input.kind}.${inspected.extension}`;
  const record = db.transaction(async (tx) => {
    // Locked as a save of the answers locks it (requests.ts): the pilgrim is still on the request when the row goes in.
    const [request] = await tx.select({ data: requests.data, status: requests.status }).from(requests).where(eq(requests.id, requestId)).for('update');
    if (!request || !EDITABLE_STATUSES.includes(request.status)) throw new ApiError('conflict', { messageKey: 'wrong_state' });
    if (!pilgrimLabelOf(request.data, input.pilgrim)) throw new ApiError('validation_failed', { fields: { pilgrim: [reader.t('ApiErrors.unknown_pilgrim')] } });
    const old = await tx
      .delete(documents)
      .where(and(eq(documents.requestId, requestId), eq(documents.pilgrim, input.pilgrim), eq(documents.kind, input.kind)))
      .returning({ storageKey: documents.storageKey });
    const [doc] = await tx
      .insert(documents)
      .values({ requestId, pilgrim: input.pilgrim, kind: input.kind, fileName, mime: inspected.mime, size: inspected.size, storageKey: key })
      .returning();
    return { saved: doc!, replaced: old, data: request.data };
  });
  // A draft deleted meanwhile (or any failure) must not leave the new file behind with no row naming it.
  const { saved, replaced, data } = await record.catch(async (error: unknown) => {
    await fileStorage().delete(key).catch(() => undefined);
    throw error;
  });
  // The old files go after the new row is in place: a crash leaves an orphan file, never a missing document.
  await deleteStoredFiles(replaced.map((doc) => doc.storageKey));
  return publicDocument(saved, data)!;
}

/** A document of the user's own request, or of their own part of a request they were invited to (issue 42); else 404. */
async function ownDocument(db: Db, userId: string, documentId: string) {
  const [row] = await db
    .select({ doc: documents, status: requests.status, ownerId: requests.userId, data: requests.data })
    .from(documents)
    .innerJoin(requests, eq(requests.id, documents.requestId))
    .where(eq(documents.id, documentId))
    .limit(1);
  // A document whose pilgrim is no longer on the request is nobody's (its row goes with them: family-changes.ts).
  if (!row || !pilgrimLabelOf(row.data, row.doc.pilgrim)) throw new ApiError('not_found');
  if (row.ownerId === userId) return row;
  const access = await companionAccess(db, userId, row.doc.requestId);
  if (access.invitation.pilgrimId !== row.doc.pilgrim) throw new ApiError('not_found');
  return row;
}

export async function removeDocument(userId: string, requestId: string, documentId: string) {
  const db = await getDb();
  const { doc, status } = await ownDocument(db, userId, documentId);
  if (doc.requestId !== requestId) throw new ApiError('not_found');
  if (!EDITABLE_STATUSES.includes(status as RequestStatus)) throw new ApiError('conflict', { messageKey: 'wrong_state' });
  await db.delete(documents).where(eq(documents.id, documentId));
  await deleteStoredFiles([doc.storageKey]);
}

/** The file, for its owner only. */
export async function readDocument(userId: string, documentId: string) {
  const db = await getDb();
  const { doc } = await ownDocument(db, userId, documentId);
  const stored = await fileStorage().get(doc.storageKey);
  if (!stored) throw new ApiError('not_found');
  return { doc, data: stored.data };
}

const THUMBNAIL_TYPES = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

/**
 * A small JPEG of the document, for its owner only: the picture shrunk, or a
 * PDF's first page. Made on the first view and kept beside the file (the
 * document's id changes when it is replaced, so a kept one never goes stale).
 * 404 when there is none to make (a PDF pdf.js cannot draw): the page then
 * shows an icon.
 */
export async function readDocumentThumbnail(userId: string, documentId: string) {
  const db = await getDb();
  const { doc } = await ownDocument(db, userId, documentId);
  const key = thumbnailKey(doc.storageKey);
  const kept = await fileStorage().get(key);
  if (kept) return kept.data;
  const type = THUMBNAIL_TYPES[doc.mime as keyof typeof THUMBNAIL_TYPES];
  const stored = type ? await fileStorage().get(doc.storageKey) : null;
  if (!type || !stored) throw new ApiError('not_found');
  const made = await makeThumbnail(type, stored.data);
  if (!made.ok) {
    // Expected for a PDF pdf.js cannot read; a run of them says the drawing itself is broken.
    logger.warn('no thumbnail', { document_id: doc.id, mime: doc.mime, reason: made.reason });
    throw new ApiError('not_found');
  }
  await fileStorage().put(key, made.jpeg, 'image/jpeg');
  return made.jpeg;
}
