import 'server-only';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getDb, queryRows, type Db } from '@/lib/server/db/client';
import { smsMessages } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { logger } from '@/lib/server/log/logger';
import { countSegments } from '@/lib/sms/segments';
import { smsProvider } from './provider-choice';
import type { SmsSendResult } from './provider';

const BATCH = 20;
// A provider down for a day loses nothing: 30 s, 1 min, 2 min … 1 h, up to 30 tries (about a day), as e-mail.
const MAX_ATTEMPTS = 30;
// A sender that dies mid-send leaves its rows leased this long; then another sends them.
const LEASE_SECONDS = 120;

/** The limits per number (issue 62, item 3): at most 20 messages an hour, and never the same text twice in 10 minutes. */
export const PER_NUMBER_PER_HOUR = 20;
export const SAME_TEXT_MINUTES = 10;
// The first key of this module's advisory locks (one per number), apart from any other module's.
const NUMBER_LOCK = 62_001;

export type QueuedSms = { userId: string; notificationId?: string | null; kind: string; to: string; text: string };
/** queued, or why not: the number's hourly limit, the same text within 10 minutes, the account's daily cap. */
export type SmsQueueResult = { queued: number } | { skipped: 'number_limit' | 'same_text' | 'daily_cap' };

const hashText = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Queues a text message inside the caller's transaction (it goes when, and only if, the cause commits), within the
 * limits: the number's (20 an hour, no same text twice in 10 minutes) for every message, and the account's daily cap
 * for notices (a code the pilgrim asked for has limits of its own). Numbers are locked one at a time, so two
 * transactions at once cannot both take the last place of an hour. Call `wakeSmsSender()` after the commit.
 */
export async function enqueueSms(tx: Db, message: QueuedSms): Promise<SmsQueueResult> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBER_LOCK}, hashtext(${message.to}))`);
  const textHash = hashText(message.text);
  const counted = (await tx.execute(
    sql`select
          (select count(*) from sms_messages where to_number = ${message.to} and created_at > now() - interval '1 hour')::int as hour,
          (select count(*) from sms_messages where to_number = ${message.to} and text_hash = ${textHash}
             and created_at > now() - make_interval(mins => ${SAME_TEXT_MINUTES}))::int as same,
          (select count(*) from sms_messages where user_id = ${message.userId} and notification_id is not null
             and created_at > now() - interval '1 day')::int as today`,
  )) as unknown as { rows: { hour: number; same: number; today: number }[] };
  const seen = counted.rows[0];
  if (seen!.same > 0) return { skipped: 'same_text' };
  if (seen!.hour >= PER_NUMBER_PER_HOUR) return { skipped: 'number_limit' };
  if (message.notificationId && seen!.today >= env().SMS_DAILY_CAP_PER_ACCOUNT) return { skipped: 'daily_cap' };
  const [row] = await tx
    .insert(smsMessages)
    .values({
      userId: message.userId,
      notificationId: message.notificationId ?? null,
      kind: message.kind,
      toNumber: message.to,
      text: message.text,
      textHash,
      segments: countSegments(message.text).segments,
    })
    .returning({ id: smsMessages.id });
  return { queued: row!.id };
}

/** 30 s, 1 min, 2 min … up to an hour between tries. */
export function smsBackoffSeconds(attempts: number) {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

type Leased = { id: number; attempts: number; kind: string; to_number: string; text: string };

/**
 * Sends the text messages that are due, each at least once, and records what the provider said: sent (with its
 * id, for the receipts), a permanent failure, or a temporary one to retry with backoff (its state says so
 * meanwhile); after the last try it stays a temporary failure. Safe on several instances.
 */
export async function deliverSmsOutbox(): Promise<{ sent: number; retried: number; failed: number }> {
  const db = await getDb();
  const totals = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const leased = await queryRows<Leased>(sql`
      update sms_messages set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
      where id in (
        select id from sms_messages
        where sent_at is null and state in ('queued', 'failed_temporary') and attempts < ${MAX_ATTEMPTS} and next_attempt_at <= now()
        order by id limit ${BATCH} for update skip locked
      )
      returning id, attempts, kind, to_number, text`);
    if (leased.length === 0) return totals;
    const provider = smsProvider();
    for (const row of leased) {
      let outcome: SmsSendResult;
      try {
        outcome = await provider.send({ to: row.to_number, text: row.text, kind: row.kind, reference: String(row.id) });
      } catch (error) {
        outcome = { retry: error instanceof Error ? error.name : 'error' };
      }
      // A code is a credential: once it went (or never will), its text is not kept.
      const blank = row.kind === 'mobile_code' && !('retry' in outcome) ? { text: '' } : {};
      if ('sent' in outcome) {
        totals.sent += 1;
        // The file sink has no receipts: what it wrote is as delivered as it will be.
        const state = provider.name === 'file' ? 'delivered' : 'sent';
        await db
          .update(smsMessages)
          .set({ state, provider: provider.name, providerId: outcome.sent, sentAt: sql`now()`, stateAt: sql`now()`, lastError: null, ...blank })
          .where(eq(smsMessages.id, row.id));
      } else if ('failed' in outcome) {
        totals.failed += 1;
        logger.warn('sms refused for good', { sms: row.id, kind: row.kind, error: outcome.failed });
        await db
          .update(smsMessages)
          .set({ state: 'failed_permanent', provider: provider.name, stateAt: sql`now()`, lastError: outcome.failed, ...blank })
          .where(eq(smsMessages.id, row.id));
      } else {
        totals.retried += 1;
        logger.warn('sms not sent yet; will retry', { sms: row.id, kind: row.kind, attempts: row.attempts, error: outcome.retry });
        await db
          .update(smsMessages)
          .set({
            state: 'failed_temporary',
            provider: provider.name,
            stateAt: sql`case when ${smsMessages.state} = 'failed_temporary' then ${smsMessages.stateAt} else now() end`,
            nextAttemptAt: sql`now() + make_interval(secs => ${smsBackoffSeconds(row.attempts)})`,
            lastError: outcome.retry,
          })
          .where(eq(smsMessages.id, row.id));
      }
    }
  }
}
