import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { notifications } from '@/lib/server/db/schema';
import type { NotificationType } from '@/lib/notifications/types';
import { EMAIL_CATEGORY } from '@/lib/notifications/email-categories';
import { publish } from './events';

export type NotificationInput = {
  userId: string;
  type: NotificationType;
  /** What the text needs (reference, status, amount…); the text itself is made when it is read. */
  params?: Record<string, string | number>;
  requestId?: string | null;
};

/**
 * Tells a user something happened: a row in their list, a push message queued
 * for each of their devices, an e-mail queued when their address is confirmed
 * and they have not turned that kind off (profile), and an event for every app
 * instance's open tabs.
 * Runs inside the caller's transaction, so all of it happens with the event
 * itself or not at all.
 */
export async function notify(tx: Db, input: NotificationInput) {
  const [row] = await tx
    .insert(notifications)
    .values({ userId: input.userId, type: input.type, params: input.params ?? {}, requestId: input.requestId ?? null })
    .returning({ id: notifications.id, seq: notifications.seq });
  const queued = (await tx.execute(
    sql`insert into push_outbox (notification_id, device_token)
        select ${row!.id}, token from push_devices where user_id = ${input.userId}
        returning id`,
  )) as unknown as { rows: unknown[] };
  const category = EMAIL_CATEGORY[input.type];
  await tx.execute(
    sql`insert into mail_outbox (kind, user_id, notification_id)
        select 'notification', u.id, ${row!.id} from users u
        left join email_preferences p on p.user_id = u.id
        where u.id = ${input.userId} and u.email_verified_at is not null
          and (${category} = 'account'
            or (${category} = 'requests' and coalesce(p.requests, true))
            or (${category} = 'payments' and coalesce(p.payments, true)))`,
  );
  await publish(tx, { k: 'notification', u: input.userId, s: row!.seq, push: queued.rows.length > 0 });
  return row!;
}
