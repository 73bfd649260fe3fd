import 'server-only';
import type { Db } from '@/lib/server/db/client';
import type { requests } from '@/lib/server/db/schema';
import type { NotificationInput } from '@/lib/server/notifications/notify';
import { REQUEST_STEPS } from '@/lib/requests/steps';
import { moveRequest } from './move-request';

/**
 * A request whose changes were asked for goes back to the office (`submitted`), in the caller's transaction:
 * every step done, what the office flagged no longer highlighted. The pilgrim's resend (requests.ts) makes
 * this move, or, when the package chosen in the changes was dearer, the payment of its difference does, as
 * the resend's last step (payments.ts, issue 57 item 6): one move, whichever path ends the changes.
 * `notice`: what the owner is told instead of "sent again" (the difference received, and sent).
 */
export async function sendAgain(
  tx: Db,
  row: typeof requests.$inferSelect,
  changes: Partial<typeof requests.$inferInsert> = {},
  notice?: NotificationInput,
) {
  return moveRequest(tx, row, 'submitted', 'user', null, { completedSteps: [...REQUEST_STEPS], flagged: null, version: row.version + 1, ...changes }, null, notice);
}
