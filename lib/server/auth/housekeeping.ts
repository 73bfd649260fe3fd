import 'server-only';
import { describeError, logger } from '@/lib/server/log/logger';
import { purgeEndedRateLimits } from './rate-limit';
import { purgeExpiredSessions } from './sessions';
import { purgeStaleStaffLocks } from '@/lib/server/office/staff-lock';
import { purgeStrayDocuments } from '@/lib/server/requests/request-files';

const EVERY_MS = 60 * 60 * 1000;

/**
 * At start and every hour: forgets expired sessions (findSession refuses them
 * anyway; this keeps the table small and drops the hashes of dead tokens),
 * rate-limit windows that have ended, and the console's counts of wrong
 * passwords per address untouched for a day, and documents kept against a place in a list of companions
 * rather than a person (request-files.ts). Each instance runs it; the deletes are
 * idempotent, so several at once do no harm.
 */
export function startHousekeeping() {
  const run = () =>
    Promise.all([purgeExpiredSessions(), purgeEndedRateLimits(), purgeStaleStaffLocks(), purgeStrayDocuments()]).catch((error) =>
      logger.error('session housekeeping failed', { error: describeError(error) }),
    );
  void run();
  setInterval(run, EVERY_MS).unref();
}
