import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { notificationStream } from '@/lib/server/notifications/stream';

// GET /api/v1/notifications/stream – server-sent events; the bearer header or the
// session cookie (EventSource cannot send headers). Last-Event-ID resumes.
export const GET = route.user(async ({ request, session }) => {
  const header = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('last_event_id');
  const lastEventId = header && /^\d{1,15}$/.test(header) ? Number(header) : null;
  return notificationStream(session, lastEventId, requestLocale(request), request.signal);
});
