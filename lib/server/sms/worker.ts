import 'server-only';
import { singleFlight } from '@/lib/server/jobs/single-flight';
import { wakeOnEvents } from '@/lib/server/events/wake-on-events';
import { applySmsFallbacks } from '@/lib/server/notifications/fallback';
import { deliverSmsOutbox } from './outbox';
import { onSmsSenderWake } from './wake';

// Other instances' messages are found by this sweep; this instance's by wakeSmsSender().
const SWEEP_EVERY_MS = 10_000;

// One run at a time per process; a wake-up during a run makes one more run. Each run also sends by e-mail the
// urgent notices whose text message failed for good or got no receipt in 10 minutes (notifications/fallback.ts).
const run = singleFlight(async () => {
  await deliverSmsOutbox();
  await applySmsFallbacks();
}, 'sms delivery failed');

/** Sends queued text messages at once when woken (here, or by a notification on any instance), and sweeps every 10 s. */
export function startSmsDelivery() {
  onSmsSenderWake(run);
  run();
  setInterval(run, SWEEP_EVERY_MS).unref();
  void wakeOnEvents('sms', (event) => event.k === 'notification' || event.k === 'resync', run);
}

