import { hijriToGregorian, parseHijri } from '@/lib/validation/hijri';
import { OFFICE_UTC_OFFSET_MS } from './time-zone';

// Working time on the office's calendar (issue 41, item 2): the review clocks
// run only on the days the office works, in its time zone. A working day is a
// whole calendar day there that is one of its work days and not a holiday.
// Makkah's clock is a fixed offset from UTC (./time-zone.ts), so a day is a
// fixed 24-hour span and the arithmetic needs no time-zone library.

const DAY = 86_400;
const OFFSET = OFFICE_UTC_OFFSET_MS / 1000;

export type WorkCalendar = {
  /** Days of the week the office works: 0 = Sunday … 6 = Saturday. */
  work_days: readonly number[];
  /** Public holidays, Hijri DD-MM-YYYY (Umm al-Qura). */
  holidays: readonly string[];
};

/** A review target of `days` working days, in working seconds. */
export const workingDays = (days: number) => days * DAY;

function workingDayTest(calendar: WorkCalendar) {
  if (!calendar.work_days.some((day) => day >= 0 && day <= 6)) throw new Error('the office calendar has no working day');
  const holidays = new Set(
    calendar.holidays.flatMap((hijri) => {
      const date = parseHijri(hijri);
      return date ? [hijriToGregorian(date)] : [];
    }),
  );
  // `day`: whole days since 1970-01-01 on the office's clock.
  return (day: number) => {
    const date = new Date(day * DAY * 1000);
    return calendar.work_days.includes(date.getUTCDay()) && !holidays.has(date.toISOString().slice(0, 10));
  };
}

/**
 * The moment `seconds` of working time after `start`. Time only advances on
 * working days: a clock started on a Friday starts at Sunday's midnight. A
 * negative amount (a clock paused after it ran out) is counted back in plain
 * time, so an overdue request stays overdue by as much when its clock restarts.
 */
export function addWorkingSeconds(start: Date, seconds: number, calendar: WorkCalendar): Date {
  if (seconds <= 0) return new Date(start.getTime() + seconds * 1000);
  const working = workingDayTest(calendar);
  let t = start.getTime() / 1000 + OFFSET;
  let left = seconds;
  // Bounded: ten years of days, far beyond any target with at least one working day a week.
  for (let i = 0; i < 3_660; i += 1) {
    const day = Math.floor(t / DAY);
    const end = (day + 1) * DAY;
    if (working(day)) {
      if (left <= end - t) return new Date((t + left - OFFSET) * 1000);
      left -= end - t;
    }
    t = end;
  }
  throw new Error('working time beyond ten years');
}

/** The working seconds from `from` to `to` (negative when `to` comes first). */
export function workingSecondsBetween(from: Date, to: Date, calendar: WorkCalendar): number {
  if (to < from) return -workingSecondsBetween(to, from, calendar);
  const working = workingDayTest(calendar);
  const a = from.getTime() / 1000 + OFFSET;
  const b = to.getTime() / 1000 + OFFSET;
  let total = 0;
  for (let day = Math.floor(a / DAY); day * DAY < b; day += 1) {
    if (working(day)) total += Math.min(b, (day + 1) * DAY) - Math.max(a, day * DAY);
  }
  return Math.round(total);
}
