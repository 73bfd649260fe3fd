import 'server-only';
import { singleFlight } from '@/lib/server/jobs/single-flight';
import { wakeOnEvents } from '@/lib/server/events/wake-on-events';
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
  void wakeOnEvents('push', (event) => event.k === 'resync' || (event.k === 'notification' && event.push), run);
  run();
  setInterval(run, SWEEP_EVERY_MS).unref();
  setInterval(() => void forgetStaleDevices().catch(() => undefined), HOUSEKEEPING_EVERY_MS).unref();
}

