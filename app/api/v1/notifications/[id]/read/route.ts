import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { idParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { markRead } from '@/lib/server/notifications/notifications';

// POST /api/v1/notifications/{id}/read – the owner opened it; another user's is a 404.
export const POST = route.user({ params: { id: idParam } }, async ({ request, session, params }) => {
  const { item, unread_count } = await markRead(session.user.id, params.id, requestLocale(request));
  return ok(item, { meta: { unread_count } });
});
