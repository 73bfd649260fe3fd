import { uploadSharedDocumentSchema } from '@/lib/requests/document-schema';
import { readerOf } from '@/lib/server/http/context';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { uploadSharedDocument } from '@/lib/server/requests/documents';
import { countUpload } from '@/lib/server/uploads/upload-limits';

// The largest document (a 2048 KB passport scan) plus the form's own overhead, as for the applicant's uploads.
const MAX_UPLOAD_BYTES = 2048 * 1024 + 64 * 1024;

// POST /api/v1/me/shared-requests/{id}/documents – the companion's own passport scan or photo (multipart: kind, file).
export const POST = route.user({ params: { id: idParam } }, async ({ request, session, params }) => {
  await countUpload(session.user.id);
  const input = await uploadSharedDocumentSchema.parseAsync(await readBody(request, MAX_UPLOAD_BYTES));
  return ok(await uploadSharedDocument(session.user.id, params.id, { ...input, file: input.file! }, readerOf(request)), { status: 201 });
});
