import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { markAllRead } from '@/lib/server/notifications/notifications';

// POST /api/v1/notifications/read-all
export const POST = route.user(async ({ session }) => {
  const { marked, unread_count } = await markAllRead(session.user.id);
  return ok({ marked }, { meta: { unread_count } });
});
