import 'server-only';
import { describeError, logger } from '@/lib/server/log/logger';
import { subscribeToEvents, type HubEvent } from './hub';

/**
 * Runs `run` whenever an event that `wakes` picks arrives from any instance (the outboxes' senders: mail, push,
 * text messages). A database that is down (or slow) at start only delays the subscription: it is tried again with
 * backoff, and each sender's sweep sends meanwhile.
 */
export async function wakeOnEvents(sender: string, wakes: (event: HubEvent) => boolean, run: () => void) {
  for (let delay = 1_000; ; delay = Math.min(delay * 2, 60_000)) {
    try {
      await subscribeToEvents(null, (event) => {
        if (wakes(event)) run();
      });
      return;
    } catch (error) {
      logger.error(`${sender} delivery cannot listen yet; retrying`, { error: describeError(error), retry_in_ms: delay });
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
  }
}
