import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { noContent } from '@/lib/server/http/respond';
import { removeDocument } from '@/lib/server/requests/documents';

// DELETE /api/v1/requests/{id}/documents/{docId} – removes an uploaded document.
export const DELETE = route.user({ params: { id: idParam, docId: idParam } }, async ({ session, params }) => {
  await removeDocument(session.user.id, params.id, params.docId);
  return noContent();
});
