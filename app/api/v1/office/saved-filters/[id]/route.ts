import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { noContent } from '@/lib/server/http/respond';
import { deleteSavedFilter } from '@/lib/server/office/saved-filters';

// DELETE /api/v1/office/saved-filters/{id} – forget one of the member's own.
export const DELETE = route.staff('queue', { params: { id: idParam } }, async ({ member, params }) => {
  await deleteSavedFilter(member, params.id);
  return noContent();
});
