import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { isAppLocale, type AppLocale } from '@/i18n/routing';
import { getDb, queryRows, type Db } from '@/lib/server/db/client';
import { mailOutbox, notifications, users } from '@/lib/server/db/schema';
import { logger } from '@/lib/server/log/logger';
import { renderNotification } from '@/lib/server/notifications/render';
import { mailFrom, mailTransport } from './choose-transport';
import { ADDRESS_MAIL_KINDS, composeAccountMail, composeNotificationMail, type Composed, type MailKind } from './content';
import { renderMail } from './render';
import type { MailResult } from './transport';
import { recordDelivery } from '@/lib/server/notifications/deliveries';
import { smsInsteadOfEmail } from '@/lib/server/notifications/fallback';

const BATCH = 20;
// An SMTP server down for a day loses nothing: 30 s, 1 min, 2 min … 1 h, up to 30 tries (about a day).
const MAX_ATTEMPTS = 30;
// A sender that dies mid-send leaves its rows leased this long; then another sends them.
const LEASE = '2 minutes';

export type QueuedMail = {
  kind: Exclude<MailKind, 'notification'>;
  /** The account written to; none for staff e-mails and invitations (an address, maybe no account): then `to` and params.locale. */
  userId: string | null;
  /** The address to write to; the account's current one when absent. */
  to?: string;
  params: Record<string, string>;
};

/**
 * Queues an account e-mail inside the caller's transaction: it goes out when
 * (and only if) the cause commits. Call `wakeMailer()` after the commit to
 * send at once; the sweep would send it within seconds anyway.
 */
export async function enqueueMail(tx: Db, mail: QueuedMail) {
  await tx.insert(mailOutbox).values({ kind: mail.kind, userId: mail.userId, toAddress: mail.to ?? null, params: mail.params });
}

/** 30 s, 1 min, 2 min … up to an hour between tries. */
export function mailBackoffSeconds(attempts: number) {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

type Leased = { id: number; attempts: number; notification_id: string | null };

/**
 * Sends the e-mails that are due, each at least once: a row leaves the outbox
 * when the transport took it, when there is nothing to send any more (the
 * account is gone), or after the last attempt. Safe on several instances.
 */
export async function deliverMailOutbox(): Promise<{ sent: number; retried: number; dropped: number }> {
  const db = await getDb();
  const totals = { sent: 0, retried: 0, dropped: 0 };
  for (;;) {
    const leased = await queryRows<Leased>(sql`
      update mail_outbox set next_attempt_at = now() + interval '${sql.raw(LEASE)}', attempts = attempts + 1
      where id in (
        select id from mail_outbox where next_attempt_at <= now() order by id limit ${BATCH} for update skip locked
      )
      returning id, attempts, notification_id`);
    if (leased.length === 0) return totals;
    for (const row of leased) {
      // How the notice went by e-mail, from the SMTP server's answer (issue 62, item 4).
      const record = (state: 'sent' | 'failed_permanent' | 'failed_temporary') => (row.notification_id ? recordDelivery(db, row.notification_id, 'email', state) : undefined);
      let outcome: MailResult | 'skip';
      try {
        outcome = await sendOne(row.id);
      } catch (error) {
        outcome = { retry: error instanceof Error ? error.name : 'error' };
      }
      if (outcome === 'sent' || outcome === 'skip') {
        totals[outcome === 'sent' ? 'sent' : 'dropped'] += 1;
        if (outcome === 'sent') await record('sent');
        await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
      } else if ('failed' in outcome || row.attempts >= MAX_ATTEMPTS) {
        totals.dropped += 1;
        const error = 'failed' in outcome ? outcome.failed : outcome.retry;
        logger.error('mail dropped', { outbox: row.id, attempts: row.attempts, error });
        await record('failed_permanent');
        await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
        // An urgent notice that e-mail cannot bring goes by SMS instead, once (issue 62, item 5).
        if (row.notification_id) await smsInsteadOfEmail(db, row.notification_id);
      } else {
        await record('failed_temporary');
        totals.retried += 1;
        logger.warn('mail not sent yet; will retry', { outbox: row.id, attempts: row.attempts, error: outcome.retry });
        await db
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now() + make_interval(secs => ${mailBackoffSeconds(row.attempts)})`, lastError: outcome.retry })
          .where(eq(mailOutbox.id, row.id));
      }
    }
  }
}

/** Builds the message now, in the recipient's current language, and hands it to the transport. */
async function sendOne(id: number): Promise<MailResult | 'skip'> {
  const db = await getDb();
  const [found] = await db
    .select({ mail: mailOutbox, user: { email: users.email, locale: users.locale, name: users.name, verified: users.emailVerifiedAt } })
    .from(mailOutbox)
    .leftJoin(users, eq(users.id, mailOutbox.userId))
    .where(eq(mailOutbox.id, id))
    .limit(1);
  if (found && ADDRESS_MAIL_KINDS.includes(found.mail.kind as MailKind) && found.mail.toAddress) {
    const params = found.mail.params;
    const locale: AppLocale = isAppLocale(params.locale) ? params.locale : 'ar';
    const kind = found.mail.kind as QueuedMail['kind'];
    const composed = composeAccountMail(kind, locale, params);
    const { html, text } = await renderMail(composed.content);
    return mailTransport().send({ to: found.mail.toAddress, subject: composed.subject, html, text, purpose: kind }, mailFrom());
  }
  if (!found?.user) return 'skip';
  const locale: AppLocale = isAppLocale(found.user.locale) ? found.user.locale : 'ar';
  let composed: Composed;
  if (found.mail.kind === 'notification') {
    // Notifications go to a confirmed address only: an unconfirmed one may be a stranger's.
    if (!found.mail.notificationId || !found.user.verified) return 'skip';
    const [notification] = await db.select().from(notifications).where(eq(notifications.id, found.mail.notificationId)).limit(1);
    if (!notification) return 'skip';
    composed = composeNotificationMail(renderNotification(notification, locale), locale, found.user.email);
  } else {
    composed = composeAccountMail(found.mail.kind as QueuedMail['kind'], locale, { name: found.user.name, ...found.mail.params });
  }
  const { html, text } = await renderMail(composed.content);
  const purpose = found.mail.kind === 'notification' ? `notification` : found.mail.kind;
  return mailTransport().send({ to: found.mail.toAddress ?? found.user.email, subject: composed.subject, html, text, purpose }, mailFrom());
}
