import 'server-only';
import { describeError, logger } from '@/lib/server/log/logger';
import { purgeEndedRateLimits } from './rate-limit';
import { purgeExpiredSessions } from './sessions';

const EVERY_MS = 60 * 60 * 1000;

/**
 * At start and every hour: forgets expired sessions (findSession refuses them
 * anyway; this keeps the table small and drops the hashes of dead tokens) and
 * rate-limit windows that have ended. Each instance runs it; the deletes are
 * idempotent, so several at once do no harm.
 */
export function startHousekeeping() {
  const run = () =>
    Promise.all([purgeExpiredSessions(), purgeEndedRateLimits()]).catch((error) =>
      logger.error('session housekeeping failed', { error: describeError(error) }),
    );
  void run();
  setInterval(run, EVERY_MS).unref();
}
