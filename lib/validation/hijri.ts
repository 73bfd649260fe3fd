import {
  CalendarDate,
  GregorianCalendar,
  IslamicUmalquraCalendar,
  toCalendar,
} from '@internationalized/date';

const ummAlQura = new IslamicUmalquraCalendar();
const gregorian = new GregorianCalendar();

/** DD-MM-YYYY: day 01-31, month 01-12, a four-digit year. */
export const HIJRI_DATE_PATTERN = /^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-(\d{4})$/;

export type HijriDate = { day: number; month: number; year: number };

/** Reads a DD-MM-YYYY Hijri date; null when the text is not in that form. */
export function parseHijri(text: string): HijriDate | null {
  const match = HIJRI_DATE_PATTERN.exec(text);
  if (!match) return null;
  return { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
}

/** Whether the day exists in the Umm al-Qura calendar (months have 29 or 30 days). */
export function isUmmAlQuraDate({ day, month, year }: HijriDate): boolean {
  if (year < 1) return false;
  const firstOfMonth = new CalendarDate(ummAlQura, year, month, 1);
  return day <= ummAlQura.getDaysInMonth(firstOfMonth);
}

/** The hijri_date_format rule: the DD-MM-YYYY form and a day that exists in Umm al-Qura. */
export function isHijriDate(text: string): boolean {
  const date = parseHijri(text);
  return date !== null && isUmmAlQuraDate(date);
}

export function formatHijri({ day, month, year }: HijriDate): string {
  return `${String(day).padStart(2, '0')}-${String(month).padStart(2, '0')}-${String(year).padStart(4, '0')}`;
}

/** The Gregorian date of a Hijri date, as YYYY-MM-DD. */
export function hijriToGregorian(date: HijriDate): string {
  const converted = toCalendar(new CalendarDate(ummAlQura, date.year, date.month, date.day), gregorian);
  return converted.toString();
}

/** The Hijri (Umm al-Qura) date of a Gregorian YYYY-MM-DD date. */
export function gregorianToHijri(isoDate: string): HijriDate {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const converted = toCalendar(new CalendarDate(gregorian, year, month, day), ummAlQura);
  return { day: converted.day, month: converted.month, year: converted.year };
}
