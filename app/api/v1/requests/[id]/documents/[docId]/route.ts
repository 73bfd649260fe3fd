import { authenticate } from '@/lib/server/auth/authenticate';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { noContent } from '@/lib/server/http/respond';
import { removeDocument } from '@/lib/server/requests/documents';

// DELETE /api/v1/requests/{id}/documents/{docId} – removes an uploaded document.
export const DELETE = route(async (request, { params }) => {
  const session = await authenticate(request);
  await removeDocument(session.user.id, await idParam(params), await idParam(params, 'docId'));
  return noContent();
});
