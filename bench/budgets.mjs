// The budgets of DESIGN section 8, as checks on the measured figures.
export const JS_ALLOWANCE_KB = 40;
export const MIN_LIGHTHOUSE = 95;
// "No layout shift from fonts or the RTL switch": Lighthouse reports CLS as a
// float, so anything above 0.01 (a shift a reader could notice) fails.
export const MAX_CLS = 0.01;
export const MIN_API_RATIO = 0.5;
export const MAX_API_P99_MS = 100;
export const MAX_RSS_MB = 400;

export const jsBudget = (floorKb) => floorKb + JS_ALLOWANCE_KB;

/** Whether an API figure meets its budget; only GET /requests and the autosave have one. */
export function apiPasses(figure, floor) {
  return figure.total > 0 && figure.rps >= MIN_API_RATIO * floor.rps && figure.p99 < MAX_API_P99_MS && figure.errors === 0;
}

export const lighthousePasses = ({ score, cls }) => score >= MIN_LIGHTHOUSE && cls <= MAX_CLS;
