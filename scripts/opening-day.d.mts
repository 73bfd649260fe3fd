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
  submitHealth?: Step;
  payHealth?: Step;
  returnHealth?: Step;
};
export type BudgetStep = { step: string; p99: number | null; healthP99: number | null; count: number; ratio: number | null; budget: number; pass: boolean };
export const HEALTH_RATIO_BUDGET: number;
export const SEND_AND_PAY_RATIO_BUDGET: number;
export function openingDayBudget(run: Pick<OpeningDayRun, 'submit' | 'pay' | 'submitHealth' | 'payHealth' | 'returnHealth'>): { steps: BudgetStep[]; pass: boolean };
export function percentile(values: number[], p: number): number | null;
export function summarise(answers: Answer[]): Step;
export function openingDayFailures(run: OpeningDayRun): string[];
export function readTheDatabase(query: (sql: string) => Promise<Record<string, unknown>[]>, typeId: string, pkg: string): Promise<DatabaseFigures>;
