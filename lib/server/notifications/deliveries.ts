import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import type { DeliveryChannel, DeliveryState } from '@/lib/notifications/deliveries';

// The best news wins: one device's push that went beats another's that failed, and a late "queued" (a notice
// brought up to date) never hides that an earlier message went.
const rank = (column: string) =>
  sql.raw(`case ${column} when 'queued' then 0 when 'failed_temporary' then 1 when 'failed_permanent' then 2 when 'sent' then 3 when 'delivered' then 4 else 0 end`);

/** Records how a notice went by e-mail or push (text messages keep theirs in sms_messages), moving forward only. */
export async function recordDelivery(db: Db, notificationId: string, channel: Exclude<DeliveryChannel, 'sms'>, state: DeliveryState) {
  await db.execute(sql`
    insert into notification_deliveries (notification_id, channel, state) values (${notificationId}, ${channel}, ${state})
    on conflict (notification_id, channel) do update set state = excluded.state, at = now()
    where ${rank('notification_deliveries.state')} < ${rank('excluded.state')}`);
}

export type Delivery = { channel: DeliveryChannel; state: DeliveryState; at: string };

/** Each notice's deliveries, by channel: e-mail and push from notification_deliveries, SMS from sms_messages. */
export async function deliveriesOf(db: Db, notificationIds: string[]): Promise<Map<string, Delivery[]>> {
  const found = new Map<string, Delivery[]>();
  if (notificationIds.length === 0) return found;
  const ids = sql.join(notificationIds.map((id) => sql`${id}::uuid`), sql`, `);
  const rows = (await db.execute(sql`
    (select notification_id, channel, state, at from notification_deliveries where notification_id in (${ids}))
    union all
    (select distinct on (notification_id) notification_id, 'sms' as channel, state, state_at as at
      from sms_messages where notification_id in (${ids}) order by notification_id, id desc)`)) as unknown as {
    rows: { notification_id: string; channel: DeliveryChannel; state: DeliveryState; at: string | Date }[];
  };
  const order: Record<DeliveryChannel, number> = { sms: 0, email: 1, push: 2 };
  for (const row of rows.rows) {
    const list = found.get(row.notification_id) ?? [];
    list.push({ channel: row.channel, state: row.state, at: new Date(row.at).toISOString() });
    found.set(row.notification_id, list);
  }
  for (const list of found.values()) list.sort((a, b) => order[a.channel] - order[b.channel]);
  return found;
}
