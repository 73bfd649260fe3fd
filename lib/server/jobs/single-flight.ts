import 'server-only';
import { describeError, logger } from '@/lib/server/log/logger';

/**
 * A job that runs one at a time per process: a call during a run makes one
 * more run after it (never two at once, never a wake-up lost). Failures are
 * logged as `failure` and the next call runs again. Used by the outbox workers.
 */
export function singleFlight(task: () => Promise<unknown>, failure: string): () => void {
  let running: Promise<unknown> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = task()
      .catch((error) => logger.error(failure, { error: describeError(error) }))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}
