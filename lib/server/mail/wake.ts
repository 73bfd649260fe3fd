import 'server-only';

// Route handlers and the mail worker may be separate module instances (separate
// bundles in one process): the wake-up goes through the process's globals.
const WAKE = Symbol.for('portal.mail.wake');
type Globals = Record<symbol, (() => void) | undefined>;

/** After a transaction that queued mail committed: send now rather than at the next sweep. */
export function wakeMailer() {
  (globalThis as Globals)[WAKE]?.();
}

/** The worker registers what a wake-up runs. */
export function onMailerWake(run: () => void) {
  (globalThis as Globals)[WAKE] = run;
}
