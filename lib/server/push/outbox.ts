import 'server-only';
import { logger } from '@/lib/server/log/logger';
import { eq, lt, sql } from 'drizzle-orm';
import type { AppLocale } from '@/i18n/routing';
import { getDb, queryRows } from '@/lib/server/db/client';
import { notifications, pushDevices, pushOutbox, users } from '@/lib/server/db/schema';
import { renderNotification } from '@/lib/server/notifications/render';
import { recordDelivery } from '@/lib/server/notifications/deliveries';
import { pushMessageFor, type SendResult } from './message';
import { sendWebPush } from './web-push-sender';
import { sendFcm } from './fcm-sender';

const BATCH = 20;
const MAX_ATTEMPTS = 8;
// A sender that dies mid-send leaves its rows leased this long; then another sends them.
const LEASE = '2 minutes';
// Devices not renewed for this long belong to browsers nobody opens any more.
const DEVICE_STALE_DAYS = 60;

type Leased = { id: number; notification_id: string; device_token: string; attempts: number };

/** 30 s, 1 min, 2 min … up to an hour between tries. */
export function backoffSeconds(attempts: number) {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Sends the push messages that are due, each at least once: a row leaves the
 * outbox only when the push service accepted it, when the device is gone, or
 * after the last attempt. Safe to run on several instances at once.
 */
export async function deliverPushOutbox(): Promise<{ sent: number; gone: number; retried: number; dropped: number }> {
  const db = await getDb();
  const totals = { sent: 0, gone: 0, retried: 0, dropped: 0 };
  for (;;) {
    const leased = await queryRows<Leased>(sql`
      update push_outbox set next_attempt_at = now() + interval '${sql.raw(LEASE)}', attempts = attempts + 1
      where id in (
        select id from push_outbox where next_attempt_at <= now() order by id limit ${BATCH} for update skip locked
      )
      returning id, notification_id, device_token, attempts`);
    if (leased.length === 0) return totals;
    for (const row of leased) {
      const outcome = await sendOne(row);
      // How the notice went by push, from the push service's answer (issue 62, item 4): the best of its devices.
      const record = (state: 'sent' | 'failed_permanent' | 'failed_temporary') => recordDelivery(db, row.notification_id, 'push', state);
      if (outcome === 'sent' || outcome === 'skip') {
        totals[outcome === 'sent' ? 'sent' : 'dropped'] += 1;
        if (outcome === 'sent') await record('sent');
        await db.delete(pushOutbox).where(eq(pushOutbox.id, row.id));
      } else if (outcome === 'gone') {
        totals.gone += 1;
        await record('failed_permanent');
        // The subscription is dead: forget the device (its queued messages go with it).
        await db.delete(pushDevices).where(eq(pushDevices.token, row.device_token));
      } else if (row.attempts >= MAX_ATTEMPTS) {
        totals.dropped += 1;
        logger.error('push message dropped', { outbox: row.id, attempts: row.attempts, error: outcome.retry });
        await record('failed_permanent');
        await db.delete(pushOutbox).where(eq(pushOutbox.id, row.id));
      } else {
        totals.retried += 1;
        await record('failed_temporary');
        await db
          .update(pushOutbox)
          .set({ nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`, lastError: outcome.retry })
          .where(eq(pushOutbox.id, row.id));
      }
    }
  }
}

async function sendOne(row: Leased): Promise<SendResult> {
  const db = await getDb();
  const [found] = await db
    .select({ notification: notifications, device: pushDevices, locale: users.locale })
    .from(pushOutbox)
    .innerJoin(notifications, eq(notifications.id, pushOutbox.notificationId))
    .innerJoin(pushDevices, eq(pushDevices.token, pushOutbox.deviceToken))
    .innerJoin(users, eq(users.id, pushDevices.userId))
    .where(eq(pushOutbox.id, row.id))
    .limit(1);
  // Gone meanwhile, or the device changed hands (another account signed in on that browser): nothing to send.
  if (!found || found.device.userId !== found.notification.userId) return 'skip';
  const locale = (found.locale === 'en' ? 'en' : 'ar') as AppLocale;
  const message = pushMessageFor(renderNotification(found.notification, locale), locale);
  return found.device.provider === 'fcm' ? sendFcm(found.device, message) : sendWebPush(found.device, message);
}

/** Housekeeping: devices nobody renewed for two months. */
export async function forgetStaleDevices() {
  const db = await getDb();
  await db.delete(pushDevices).where(lt(pushDevices.renewedAt, sql`now() - make_interval(days => ${DEVICE_STALE_DAYS})`));
}
