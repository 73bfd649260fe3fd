import { gregorianToHijri, formatHijri, hijriToGregorian, isHijriDate, parseHijri } from '@/lib/validation/hijri';
import { endOfOfficeDay } from '@/lib/office/time-zone';

/**
 * A service's payment plan (issue 42, item 3; docs/INSTALMENTS.md): a deposit,
 * in percent of the fee, due by the pay-by time, then instalments due by fixed
 * Hijri dates (DD-MM-YYYY, the office's day). The percents add up to 100.
 */
export type PaymentPlan = { deposit_percent: number; instalments: { percent: number; due: string }[] };

/**
 * `full` pays the whole fee; a plan's parts are `deposit`, then `instalment-1`, `instalment-2`, …; `difference-1`,
 * `difference-2`, … each pay the difference of a dearer package chosen after paying (issue 57, item 6).
 */
export type PaymentPartName = 'full' | 'deposit' | `instalment-${number}` | `difference-${number}`;

export const isDifference = (part: string): part is `difference-${number}` => /^difference-\d+$/.test(part);


/** One part of a request's fee: how much, by when (null: by the pay-by time, or no date), and its share per pilgrim. */
export type PlannedPart = { part: PaymentPartName; percent: number; amount_minor: number; due_at: string | null };

/** At most this many instalments after the deposit. */
export const MAX_INSTALMENTS = 6;

/** A grace after an instalment's due date before the request is cancelled for it (docs/INSTALMENTS.md). */
export const INSTALMENT_GRACE_DAYS = 3;

/** Reminders before each instalment's due date, in days. */
export const INSTALMENT_REMINDER_DAYS = { week: 7, day: 1 } as const;

/** The moment an instalment is due: the end of its Hijri day in the office's time zone. */
export function instalmentDueAt(hijri: string): Date {
  return endOfOfficeDay(hijriToGregorian(parseHijri(hijri)!));
}

/** A due date typed in either calendar (Hijri DD-MM-YYYY or Gregorian YYYY-MM-DD), as the Hijri date it is kept as. */
export function hijriDue(text: string): string | null {
  const trimmed = text.trim();
  // A Hijri day that exists in Umm al-Qura (not the 30th of a 29-day month).
  if (isHijriDate(trimmed)) return trimmed;
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed) && !Number.isNaN(Date.parse(`${trimmed}T00:00:00Z`))) return formatHijri(gregorianToHijri(trimmed));
  return null;
}

/**
 * The parts of a fee under a plan, in order. Each part is its percent of the
 * fee rounded down to the halala; the last takes what rounding left, so the
 * parts always add up to the fee exactly.
 */
export function planParts(feeMinor: number, plan: PaymentPlan | null): PlannedPart[] {
  if (!plan) return [{ part: 'full', percent: 100, amount_minor: feeMinor, due_at: null }];
  const shares: PlannedPart[] = [
    { part: 'deposit', percent: plan.deposit_percent, amount_minor: Math.floor((feeMinor * plan.deposit_percent) / 100), due_at: null },
    ...plan.instalments.map((instalment, index) => ({
      part: `instalment-${index + 1}` as const,
      percent: instalment.percent,
      amount_minor: Math.floor((feeMinor * instalment.percent) / 100),
      due_at: instalmentDueAt(instalment.due).toISOString(),
    })),
  ];
  const rest = feeMinor - shares.reduce((sum, part) => sum + part.amount_minor, 0);
  shares[shares.length - 1]!.amount_minor += rest;
  return shares;
}

/**
 * Whether a plan can still be offered to a request whose pay-by time is
 * `payBy`: every instalment falls due at least a week after it, so that each
 * gets its reminders. Otherwise the pilgrim pays in full.
 */
export function planOffered(plan: PaymentPlan | null, payBy: Date): plan is PaymentPlan {
  if (!plan || plan.instalments.length === 0) return false;
  const earliest = payBy.getTime() + INSTALMENT_REMINDER_DAYS.week * 86_400_000;
  return plan.instalments.every((instalment) => instalmentDueAt(instalment.due).getTime() >= earliest);
}

/** Each pilgrim's share of an amount (the fee is the same per pilgrim of a package); the first take the odd halalas. */
export function sharePerPilgrim(amountMinor: number, pilgrims: number): number {
  return Math.ceil(amountMinor / Math.max(1, pilgrims));
}

/** Which message names a part (Payments.parts): `instalment-2` is "instalment" with the number 2; `difference-1` the package change's. */
export function partMessage(part: string): { key: 'full' | 'deposit' | 'instalment' | 'difference'; number: number } {
  if (part === 'deposit' || part === 'full') return { key: part, number: 0 };
  return { key: isDifference(part) ? 'difference' : 'instalment', number: Number(part.split('-')[1]) || 0 };
}
