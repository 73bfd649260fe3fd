import 'server-only';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { notifications } from '@/lib/server/db/schema';
import type { NotificationType } from '@/lib/notifications/types';
import { EMAIL_CATEGORY } from '@/lib/notifications/email-categories';
import { publish } from '@/lib/server/events/events';
import { isAppLocale } from '@/i18n/routing';
import { smsKindOf, type SmsKind } from '@/lib/notifications/sms-kinds';
import { enqueueSms } from '@/lib/server/sms/outbox';
import { smsNoticeText } from '@/lib/server/sms/notice-text';

export type NotificationInput = {
  userId: string;
  type: NotificationType;
  /** What the text needs (reference, status, amount…); the text itself is made when it is read. */
  params?: Record<string, string | number>;
  requestId?: string | null;
};

/** How long a notice of one kind for one request stands for any repeat of it (issue 40, item 4). */
export const REPEAT_WINDOW_SECONDS = 60;

// What makes two notices of one kind for one request different news, never one
// repeated: another status (being reviewed, then approved), or the first sending
// beside a sending again after changes, or a companion's news of another kind (paid, then sent again: one status), or another part of a payment plan or another of its reminders.
const DISTINCT_BY = ['status', 'stage', 'event', 'part', 'when'] as const;

/**
 * Tells a user something happened: a row in their list, a push message queued
 * for each of their devices, an e-mail queued when their address is confirmed
 * and they have not turned that kind off (profile), a text message for what
 * cannot wait when their mobile number is confirmed and that kind is on (issue
 * 62: within the number's and the account's limits), and an event for every app
 * instance's open tabs.
 * Runs inside the caller's transaction, so all of it happens with the event
 * itself or not at all.
 *
 * The notices of one application are not repeated within the same minute
 * (docs/NEXT-STEPS.md): sent, changed and sent again, the pilgrim would read
 * "Pay to send your request" twice, or two declined cards as two failures. A
 * notice of the same kind for the same request (and the same status or stage:
 * DISTINCT_BY) made less than a minute ago is brought up to date instead: its text,
 * unread again, at the top of the list. Its push and e-mail still waiting in
 * their outboxes are written from the row when they go, so they say the
 * latest; only a channel whose message already went is sent the news again,
 * and an exact repeat sends nothing more.
 */
export async function notify(tx: Db, input: NotificationInput) {
  const params = input.params ?? {};
  const recent = input.requestId ? await recentNotice(tx, input, input.requestId) : undefined;
  const [row] = recent
    ? await tx
        .update(notifications)
        // A new seq: open tabs and a reconnecting stream (Last-Event-ID) see it as new.
        .set({ params, readAt: null, createdAt: sql`now()`, seq: sql`nextval(pg_get_serial_sequence('notifications', 'seq'))` })
        .where(eq(notifications.id, recent.id))
        .returning({ id: notifications.id, seq: notifications.seq })
    : await tx.insert(notifications).values({ userId: input.userId, type: input.type, params, requestId: input.requestId ?? null }).returning({ id: notifications.id, seq: notifications.seq });
  const news = !recent || JSON.stringify(sorted(recent.params)) !== JSON.stringify(sorted(params));
  const pushed = news ? await queuePushAndMail(tx, input, row!.id) : 0;
  if (news) await queueSms(tx, input, row!.id);
  await publish(tx, { k: 'notification', u: input.userId, s: row!.seq, push: pushed > 0 });
  return row!;
}

async function recentNotice(tx: Db, input: NotificationInput, requestId: string) {
  const [recent] = await tx
    .select({ id: notifications.id, params: notifications.params })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, input.userId),
        eq(notifications.requestId, requestId),
        eq(notifications.type, input.type),
        gt(notifications.createdAt, sql`now() - make_interval(secs => ${REPEAT_WINDOW_SECONDS})`),
        ...DISTINCT_BY.map((key) => sql`${notifications.params} ->> ${key} is not distinct from ${input.params?.[key] === undefined ? null : String(input.params[key])}`),
      ),
    )
    .orderBy(desc(notifications.seq))
    .limit(1)
    .for('update');
  return recent;
}

/**
 * The push messages and the e-mail of a notice, and their "queued" deliveries, in one round trip (a notice is
 * written inside every move, and on the day a season opens every send waits for its move): a push message for each
 * of the user's devices that has none waiting for this notice; an e-mail when the address is confirmed, the kind is
 * wanted, and none is waiting. A delivery already further on (an earlier message of a notice brought up to date
 * went) stays as it is: recordDelivery's rule, for which "queued" never moves a state. Answers how many push
 * messages were queued.
 */
async function queuePushAndMail(tx: Db, input: NotificationInput, notificationId: string): Promise<number> {
  const category = EMAIL_CATEGORY[input.type];
  const queued = (await tx.execute(
    sql`with pushed as (
          insert into push_outbox (notification_id, device_token)
          select ${notificationId}, d.token from push_devices d
          where d.user_id = ${input.userId}
            and not exists (select 1 from push_outbox o where o.notification_id = ${notificationId} and o.device_token = d.token)
          returning id
        ), mailed as (
          insert into mail_outbox (kind, user_id, notification_id)
          select 'notification', u.id, ${notificationId} from users u
          left join email_preferences p on p.user_id = u.id
          where u.id = ${input.userId} and u.email_verified_at is not null
            and (${category} = 'account'
              or (${category} = 'requests' and coalesce(p.requests, true))
              or (${category} = 'payments' and coalesce(p.payments, true)))
            and not exists (select 1 from mail_outbox o where o.notification_id = ${notificationId})
          returning id
        ), delivered as (
          insert into notification_deliveries (notification_id, channel, state)
          select ${notificationId}::uuid, channel, 'queued' from (
            select 'push' as channel where exists (select 1 from pushed)
            union all select 'email' where exists (select 1 from mailed)) queued
          on conflict (notification_id, channel) do nothing
          returning 1
        )
        select (select count(*) from pushed)::int as pushed`,
  )) as unknown as { rows: { pushed: number }[] };
  return Number(queued.rows[0]?.pushed ?? 0);
}

const SMS_SWITCH: Record<SmsKind, string> = {
  place_offered: 'place_offered',
  opening_turn: 'opening_turn',
  payment_due: 'payment_due',
  decision: 'decision',
  changes_requested: 'changes_requested',
};

/**
 * A text message for an urgent kind, to a confirmed number whose owner has not turned the kind off, in their
 * language; queued in the outbox with the notice (a provider that is down never blocks the move that told them).
 */
async function queueSms(tx: Db, input: NotificationInput, notificationId: string) {
  const kind = smsKindOf(input.type, input.params ?? {});
  if (!kind) return;
  const found = (await tx.execute(
    sql`select u.phone, u.locale from users u left join sms_preferences p on p.user_id = u.id
        where u.id = ${input.userId} and u.phone is not null and u.phone_confirmed_at is not null
          and coalesce((to_jsonb(p) ->> ${SMS_SWITCH[kind]})::boolean, true)
          and not exists (select 1 from sms_messages m where m.notification_id = ${notificationId})`,
  )) as unknown as { rows: { phone: string; locale: string }[] };
  const user = found.rows[0];
  if (!user) return;
  const locale = isAppLocale(user.locale) ? user.locale : 'ar';
  await enqueueSms(tx, { userId: input.userId, notificationId, kind, to: user.phone, text: smsNoticeText(kind, input.params ?? {}, locale) });
}

const sorted = (params: Record<string, unknown>) => Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
