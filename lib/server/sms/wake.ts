import 'server-only';

// Route handlers and the SMS worker may be separate module instances (separate bundles in one process): the
// wake-up goes through the process's globals, as the mailer's does.
const WAKE = Symbol.for('portal.sms.wake');
type Globals = Record<symbol, (() => void) | undefined>;

/** After a transaction that queued a text message committed: send now rather than at the next sweep. */
export function wakeSmsSender() {
  (globalThis as Globals)[WAKE]?.();
}

/** The worker registers what a wake-up runs. */
export function onSmsSenderWake(run: () => void) {
  (globalThis as Globals)[WAKE] = run;
}
