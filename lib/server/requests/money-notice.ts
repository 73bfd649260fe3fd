import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { moneyOf } from '@/lib/payments/money';
import type { requests } from '@/lib/server/db/schema';
import { takenPaymentsOf } from './request-rows';

// What a notice about money says is left (issue 57, item 3): read from the request's money state in the
// notice's transaction, after the payment or move it tells of. Rendered in the reader's language when read
// (notifications/render.ts): "Still to pay: SAR 24,000.00; the next instalment of SAR 12,000.00 is due by …".

export type MoneyNoticeParams = { owed_minor?: number; next_minor?: number; next_due?: string; currency?: string };

export async function moneyNoticeParams(tx: Db, request: typeof requests.$inferSelect): Promise<MoneyNoticeParams> {
  const money = moneyOf(request, await takenPaymentsOf(tx, request.id));
  if (!money) return {};
  const next = money.next_due;
  return {
    currency: money.currency,
    owed_minor: money.outstanding_minor,
    ...(next ? { next_minor: next.amount_minor, ...(next.due_at ? { next_due: next.due_at } : {}) } : {}),
  };
}
