import { CalendarDate, GregorianCalendar } from '@internationalized/date';
import { westernDigits } from './digits';
import { decodeRule, encodeRule } from './rule-code';
import { formatHijri, gregorianToHijri, hijriToGregorian, isHijriDate, parseHijri } from './hijri';

// A date question as three fields (day, month, year) in the calendar the
// pilgrim chose, and the answer kept for it: always the Hijri DD-MM-YYYY of
// DESIGN section 5 once the date is whole and real, so that the server and
// other clients see no difference. Until then the answer keeps what was typed,
// `D-M-Y` for Hijri and `D/M/Y` for Gregorian: neither form can pass the
// hijri_date_format rule, and the separator tells which calendar it was typed in.

export const CALENDARS = ['hijri', 'gregorian'] as const;
export type DateCalendar = (typeof CALENDARS)[number];
export type DateParts = { day: string; month: string; year: string };

export const EMPTY_PARTS: DateParts = { day: '', month: '', year: '' };

const gregorian = new GregorianCalendar();
const pad = (text: string) => (/^\d$/.test(text) ? `0${text}` : text);

/** The Gregorian YYYY-MM-DD of whole, real Gregorian parts; null otherwise. */
function gregorianIso(day: string, month: string, year: string): string | null {
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return null;
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  if (m < 1 || m > 12 || d < 1 || y < 1) return null;
  if (d > gregorian.getDaysInMonth(new CalendarDate(gregorian, y, m, 1))) return null;
  return new CalendarDate(gregorian, y, m, d).toString();
}

/** The answer kept for the parts typed in a calendar (any digits). */
export function answerOf(parts: DateParts, calendar: DateCalendar): string {
  const [day, month, year] = [parts.day, parts.month, parts.year].map((part) => westernDigits(part.trim())) as [string, string, string];
  if (!day && !month && !year) return '';
  if (calendar === 'hijri') return `${pad(day)}-${pad(month)}-${year}`;
  const iso = gregorianIso(day, month, year);
  return iso ? formatHijri(gregorianToHijri(iso)) : `${day}/${month}/${year}`;
}

/** The calendar an unfinished answer was typed in; null for a whole date or nothing. */
export function calendarOfAnswer(answer: string): DateCalendar | null {
  if (isHijriDate(answer) || answer === '') return null;
  return answer.includes('/') ? 'gregorian' : 'hijri';
}

/** The fields showing an answer in a calendar: a whole date converted, unfinished text as typed. */
export function partsOf(answer: string, calendar: DateCalendar): DateParts {
  const hijri = isHijriDate(answer) ? parseHijri(answer) : null;
  if (hijri) {
    if (calendar === 'hijri') return { day: String(hijri.day), month: String(hijri.month), year: String(hijri.year) };
    const [year, month, day] = hijriToGregorian(hijri).split('-').map(Number) as [number, number, number];
    return { day: String(day), month: String(month), year: String(year) };
  }
  const typed = answer.split(/[-/]/);
  if (typed.length !== 3) return EMPTY_PARTS;
  const [day, month, year] = typed as [string, string, string];
  return { day, month, year };
}

/**
 * The error to show for a date question: the hijri_date_format rule knows only
 * the Hijri DD-MM-YYYY the answer is kept as, so on the form it is said as
 * `real_date` in the calendar the pilgrim typed in (the answer's separator,
 * see answerOf) and with the three boxes. Any other error stays as it is.
 */
export function dateErrorOf(message: string, answer: unknown, fallback: DateCalendar = 'hijri'): string {
  if (decodeRule(message)?.name !== 'hijri_date_format') return message;
  const calendar = (typeof answer === 'string' ? calendarOfAnswer(answer) : null) ?? fallback;
  return encodeRule('real_date', { calendar });
}
