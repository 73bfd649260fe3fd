// The budgets of DESIGN section 8, as checks on the measured figures.
export const JS_ALLOWANCE_KB = 40;
export const MIN_LIGHTHOUSE = 95;
// "No layout shift from fonts or the RTL switch": Lighthouse reports CLS as a
// float, so anything above 0.01 (a shift a reader could notice) fails.
export const MAX_CLS = 0.01;
// API throughput at 50 connections, as a share of the constant handler's: PGlite
// runs the database on the server's own thread, hence its lower bar.
export const MIN_API_RATIO = { PostgreSQL: 0.5, PGlite: 0.3 };
// p99 at 4 connections, where latency measures the app and not the queue (the
// p99 at 50 connections is reported, not budgeted).
export const QUIET_CONNECTIONS = 4;
export const MAX_QUIET_P99_MS = 50;
export const MAX_RSS_MB = { PostgreSQL: 300, PGlite: 350 };

export const jsBudget = (floorKb) => floorKb + JS_ALLOWANCE_KB;

/** Whether an API figure meets its budget on a database; only GET /requests and the autosave have one. */
export function apiPasses(figure, floor, quiet, database) {
  return figure.total > 0 && figure.rps >= MIN_API_RATIO[database] * floor.rps && figure.errors === 0 && quiet.total > 0 && quiet.p99 <= MAX_QUIET_P99_MS && quiet.errors === 0;
}

export const lighthousePasses = ({ score, cls }) => score >= MIN_LIGHTHOUSE && cls <= MAX_CLS;
