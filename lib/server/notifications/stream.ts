import 'server-only';
import type { AppLocale } from '@/i18n/routing';
import { sessionIsLive } from '@/lib/server/auth/sessions';
import type { Session } from '@/lib/server/auth/session-types';
import { env } from '@/lib/server/env';
import { subscribeToEvents, type HubEvent } from '@/lib/server/events/hub';
import { latestSeq, notificationsAfter, unreadCount } from './notifications';
import { renderNotification } from './render';

const encoder = new TextEncoder();

/**
 * GET /notifications/stream: server-sent events for one user.
 * - `notification` (id = its seq): a new notification and the unread count;
 * - `unread`: the unread count changed (read here or in another tab);
 * - `signed_out`: the session ended; the stream closes.
 * A reconnecting client sends Last-Event-ID and gets what it missed first.
 */
export async function notificationStream(session: Session, lastEventId: number | null, locale: AppLocale, signal: AbortSignal) {
  const userId = session.user.id;
  let cursor = lastEventId ?? (await latestSeq(userId));
  let closed = false;
  let stop = () => {};

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const send = (event: string, data: unknown, id?: number) =>
        write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

      // Events are handled one after another, so notifications go out in order and once.
      let queue = Promise.resolve();
      const enqueue = (work: () => Promise<void>) => {
        queue = queue.then(work).catch(() => close());
      };
      const catchUp = async () => {
        for (;;) {
          const rows = await notificationsAfter(userId, cursor);
          if (rows.length === 0) return;
          const unread = await unreadCount(userId);
          for (const row of rows) {
            send('notification', { notification: renderNotification(row, locale), unread_count: unread }, row.seq);
            cursor = row.seq;
          }
        }
      };
      const endIfSignedOut = async () => {
        if (!(await sessionIsLive(session.id))) {
          send('signed_out', {});
          close();
        }
      };
      const onEvent = (event: HubEvent) => {
        if (event.k === 'read') enqueue(async () => send('unread', { unread_count: await unreadCount(userId) }));
        else if (event.k === 'notification') enqueue(catchUp);
        // Listening again after an outage: what was missed meanwhile, and the unread count as it is now (a read elsewhere is not a notification to catch up on).
        else if (event.k === 'resync') {
          enqueue(catchUp);
          enqueue(async () => send('unread', { unread_count: await unreadCount(userId) }));
        }
        // A sign-out or a password change elsewhere: end this stream now if its session went, not at the next beat.
        else if (event.k === 'account') enqueue(endIfSignedOut);
      };

      const unsubscribe = await subscribeToEvents(userId, onEvent);
      const heartbeat = setInterval(() => {
        write(': heartbeat\n\n');
        // A stream outlives no session: a logout elsewhere ends it at the next beat.
        enqueue(endIfSignedOut);
      }, env().STREAM_HEARTBEAT_SECONDS * 1000);

      function close() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      }
      stop = close;
      signal.addEventListener('abort', close, { once: true });

      write('retry: 3000\n\n');
      send('unread', { unread_count: await unreadCount(userId) });
      enqueue(catchUp);
    },
    cancel() {
      stop();
    },
  });

  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream.
      'X-Accel-Buffering': 'no',
    },
  });
}
