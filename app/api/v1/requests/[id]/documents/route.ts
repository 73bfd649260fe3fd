import { uploadDocumentSchema } from '@/lib/requests/document-schema';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { uploadDocument } from '@/lib/server/requests/documents';
import { countUpload } from '@/lib/server/uploads/upload-limits';

// The largest document (a 2048 KB passport scan) plus the form's own overhead.
const MAX_UPLOAD_BYTES = 2048 * 1024 + 64 * 1024;

// POST /api/v1/requests/{id}/documents – uploads a passport scan or photo (multipart: pilgrim, kind, file).
export const POST = route.user({ params: { id: idParam } }, async ({ request, session, params }) => {
  // Before the body is read: a refused upload costs nothing more.
  await countUpload(session.user.id);
  const input = await uploadDocumentSchema.parseAsync(await readBody(request, MAX_UPLOAD_BYTES));
  return ok(await uploadDocument(session.user.id, params.id, { ...input, file: input.file! }, readerOf(request)), { status: 201 });
});
