import { listNotificationsSchema } from '@/lib/notifications/api-schemas';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { ok } from '@/lib/server/http/respond';
import { listNotifications } from '@/lib/server/notifications/notifications';

// GET /api/v1/notifications?page= – newest first, in the reader's language, with meta.unread_count.
export const GET = route.user({ query: listNotificationsSchema }, async ({ request, session, query }) => {
  const { items, meta } = await listNotifications(session.user.id, query.page, requestLocale(request));
  return ok(items, { meta });
});
