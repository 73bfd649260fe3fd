import 'server-only';
import { database } from './db/client';
import { env } from './env';
import { reconcilePayments } from './payments/payments';

/** A bad environment stops the start with a clear message; the database is migrated before the first request. */
export async function startServer() {
  try {
    env();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const { kind } = await database();
  console.log(JSON.stringify({ level: 'info', msg: 'database ready', kind }));
  startReconciliation();
}

const RECONCILE_EVERY_MS = 3 * 60 * 1000;

/** Re-verifies open payments at start and every few minutes, so a lost webhook never leaves a paid request unpaid. */
function startReconciliation() {
  const run = () =>
    reconcilePayments().catch((error) => console.error(JSON.stringify({ level: 'error', msg: 'reconciliation failed', error: String(error) })));
  void run();
  setInterval(run, RECONCILE_EVERY_MS).unref();
}
