import 'server-only';
import { singleFlight } from '@/lib/server/jobs/single-flight';
import { describeError, logger } from '@/lib/server/log/logger';
import { wakeOnEvents } from '@/lib/server/events/wake-on-events';
import { purgeEndedEmailTokens } from '@/lib/server/accounts/email-tokens';
import { deliverMailOutbox } from './outbox';
import { onMailerWake } from './wake';

// Other instances' mail is found by this sweep; this instance's by wakeMailer().
const SWEEP_EVERY_MS = 10_000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

// One run at a time per process; a wake-up during a run makes one more run.
const run = singleFlight(deliverMailOutbox, 'mail delivery failed');

/** Sends queued e-mail at once when woken (here, or by a notification on any instance), and sweeps every 10 s. */
export function startMailDelivery() {
  onMailerWake(run);
  run();
  setInterval(run, SWEEP_EVERY_MS).unref();
  // E-mail links that ended a day ago: their hashes are of no use to anyone.
  const purge = () => void purgeEndedEmailTokens().catch((error) => logger.error('e-mail link housekeeping failed', { error: describeError(error) }));
  purge();
  setInterval(purge, PURGE_EVERY_MS).unref();
  void wakeOnEvents('mail', (event) => event.k === 'notification' || event.k === 'resync', run);
}

