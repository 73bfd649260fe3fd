// The budgets of DESIGN section 8, as checks on the measured figures.
export const JS_ALLOWANCE_KB = 40;
// Lighthouse mobile, interleaved with the bare floor page: each page's median
// within this many points of the floor's median, its Total Blocking Time median
// at most this multiple of the floor's.
export const LIGHTHOUSE_POINTS_BELOW_FLOOR = 5;
export const MAX_TBT_RATIO = 1.5;
export const MIN_LIGHTHOUSE_ROUNDS = 5;
// Public pages served from the cache: at least this share of the constant handler's throughput.
export const MIN_PAGE_RATIO = 0.8;
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

/** A page's Lighthouse figures beside the floor's taken in the same rounds (TBT: a floor of 0 ms allows 50 ms, Lighthouse's own threshold for a long task). */
export const lighthousePasses = ({ page, floor }) =>
  page.score >= floor.score - LIGHTHOUSE_POINTS_BELOW_FLOOR && page.tbt <= Math.max(MAX_TBT_RATIO * floor.tbt, 50) && page.cls <= MAX_CLS;

export const pagePasses = (figure, floor) => figure.total > 0 && figure.errors === 0 && figure.rps >= MIN_PAGE_RATIO * floor.rps;
