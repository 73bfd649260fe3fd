import 'server-only';
import { singleFlight } from '@/lib/server/jobs/single-flight';
import { describeError, logger } from '@/lib/server/log/logger';
import { subscribeToEvents } from '@/lib/server/events/hub';
import { deliverPushOutbox, forgetStaleDevices } from './outbox';

const SWEEP_EVERY_MS = 30_000;
const HOUSEKEEPING_EVERY_MS = 6 * 60 * 60 * 1000;

// One run at a time per process; a wake-up during a run makes one more run.
const run = singleFlight(deliverPushOutbox, 'push delivery failed');

/**
 * Sends queued push messages as soon as any instance queues one (the event
 * comes through LISTEN/NOTIFY), and sweeps for retries every 30 seconds.
 */
export async function startPushDelivery() {
  void listenForWork();
  run();
  setInterval(run, SWEEP_EVERY_MS).unref();
  setInterval(() => void forgetStaleDevices().catch(() => undefined), HOUSEKEEPING_EVERY_MS).unref();
}

/**
 * Subscribes to the events that wake the sender. A database that is down (or
 * slow) at start only delays this: it is tried again with backoff, and the
 * sweep sends meanwhile.
 */
async function listenForWork() {
  for (let delay = 1_000; ; delay = Math.min(delay * 2, 60_000)) {
    try {
      await subscribeToEvents(null, (event) => {
        if (event.k === 'resync' || (event.k === 'notification' && event.push)) run();
      });
      return;
    } catch (error) {
      logger.error('push delivery cannot listen yet; retrying', { error: describeError(error), retry_in_ms: delay });
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
  }
}
