import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { isAppLocale } from '@/i18n/routing';
import { getDb, queryRows, type Db } from '@/lib/server/db/client';
import { notifications } from '@/lib/server/db/schema';
import { logger } from '@/lib/server/log/logger';
import { smsKindOf } from '@/lib/notifications/sms-kinds';
import type { NotificationType } from '@/lib/notifications/types';
import { wakeMailer } from '@/lib/server/mail/wake';
import { enqueueSms } from '@/lib/server/sms/outbox';
import { smsNoticeText } from '@/lib/server/sms/notice-text';
import { wakeSmsSender } from '@/lib/server/sms/wake';
import { recordDelivery } from './deliveries';

/** How long a text message of an urgent notice may go without a delivery receipt before the e-mail goes instead. */
export const RECEIPT_WAIT_MINUTES = 10;

/**
 * The fallback (issue 62, item 5), SMS to e-mail: a text message of an urgent notice that failed for good, or that
 * no receipt said was delivered within 10 minutes of its queuing (a provider down all that time included), sends
 * the same notice by e-mail, once: the message is claimed (fallback_at) in the statement that picks it, so several
 * instances never both send it; and never a second e-mail when one already went or waits for the notice. The
 * e-mail goes to a confirmed address whatever the pilgrim's e-mail switches say: the text they chose did not reach
 * them. Answers how many e-mails it queued.
 */
export async function applySmsFallbacks(): Promise<number> {
  const claimed = await queryRows<{ id: number; notification_id: string; user_id: string }>(sql`
    update sms_messages set fallback_at = now()
    where id in (
      select id from sms_messages
      where notification_id is not null and fallback_at is null and state <> 'delivered'
        and (state = 'failed_permanent' or created_at <= now() - make_interval(mins => ${RECEIPT_WAIT_MINUTES}))
      order by id limit 50 for update skip locked
    )
    returning id, notification_id, user_id`);
  if (claimed.length === 0) return 0;
  const db = await getDb();
  let queued = 0;
  for (const row of claimed) {
    const inserted = await db.transaction(async (tx) => {
      const rows = (await tx.execute(sql`
        insert into mail_outbox (kind, user_id, notification_id)
        select 'notification', u.id, ${row.notification_id} from users u
        where u.id = ${row.user_id} and u.email_verified_at is not null
          and not exists (select 1 from mail_outbox o where o.notification_id = ${row.notification_id})
          and not exists (select 1 from notification_deliveries d where d.notification_id = ${row.notification_id} and d.channel = 'email')
        returning id`)) as unknown as { rows: unknown[] };
      if (rows.rows.length > 0) await recordDelivery(tx, row.notification_id, 'email', 'queued');
      return rows.rows.length > 0;
    });
    if (inserted) {
      queued += 1;
      logger.info('sms fallback: the notice goes by e-mail', { sms: row.id });
    }
  }
  if (queued > 0) wakeMailer();
  return queued;
}

/**
 * The reverse: an urgent notice's e-mail refused for good (an SMTP 5xx, or its last try spent) sends it by SMS to
 * the confirmed number, once (none when a text message of the notice exists), within the number's limits.
 */
export async function smsInsteadOfEmail(db: Db, notificationId: string) {
  const [notice] = await db.select().from(notifications).where(eq(notifications.id, notificationId)).limit(1);
  if (!notice) return;
  const kind = smsKindOf(notice.type as NotificationType, notice.params);
  if (!kind) return;
  const queued = await db.transaction(async (tx) => {
    const found = (await tx.execute(sql`
      select u.phone, u.locale from users u
      where u.id = ${notice.userId} and u.phone is not null and u.phone_confirmed_at is not null
        and not exists (select 1 from sms_messages m where m.notification_id = ${notificationId})`)) as unknown as { rows: { phone: string; locale: string }[] };
    const user = found.rows[0];
    if (!user) return false;
    const locale = isAppLocale(user.locale) ? user.locale : 'ar';
    // Already a fallback itself: it never sends the e-mail back again.
    const result = await enqueueSms(tx, { userId: notice.userId, notificationId, kind, to: user.phone, text: smsNoticeText(kind, notice.params, locale) });
    if ('queued' in result) await tx.execute(sql`update sms_messages set fallback_at = now() where id = ${result.queued}`);
    return 'queued' in result;
  });
  if (queued) {
    logger.info('e-mail fallback: the notice goes by SMS', { notification: notificationId });
    wakeSmsSender();
  }
}
