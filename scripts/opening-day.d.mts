// Types of scripts/opening-day.mjs's pure checks, for the test that imports them.
export type Answer = { status: number; ms: number; json?: { error?: { code?: string } } | null };
export type Step = { count: number; statuses: Record<string, number>; codes?: Record<string, number>; p50: number | null; p99: number | null; max: number; serverErrors: number };
export type DatabaseFigures = {
  places: number | null;
  held: number;
  holdRows: number;
  statuses: Record<string, number>;
  reserveList: number;
  chargesTaken: number;
  doubleCharges: number;
  refunds: number;
};
export type OpeningDayRun = {
  pilgrims: number;
  places: number;
  submit: Step & { soldOut: number };
  join: Step;
  pay: Record<'start' | 'checkout' | 'return' | 'whole', Step>;
  db: DatabaseFigures;
};
export function percentile(values: number[], p: number): number | null;
export function summarise(answers: Answer[]): Step;
export function openingDayFailures(run: OpeningDayRun): string[];
export function readTheDatabase(query: (sql: string) => Promise<Record<string, unknown>[]>, typeId: string, pkg: string): Promise<DatabaseFigures>;
