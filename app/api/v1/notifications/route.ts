import { listNotificationsSchema } from '@/lib/notifications/api-schemas';
import { authenticate } from '@/lib/server/auth/authenticate';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { ok } from '@/lib/server/http/respond';
import { listNotifications } from '@/lib/server/notifications/notifications';

// GET /api/v1/notifications?page= – newest first, in the reader's language, with meta.unread_count.
export const GET = route(async (request) => {
  const session = await authenticate(request);
  const { page } = await listNotificationsSchema.parseAsync(Object.fromEntries(new URL(request.url).searchParams));
  const { items, meta } = await listNotifications(session.user.id, page, requestLocale(request));
  return ok(items, { meta });
});
