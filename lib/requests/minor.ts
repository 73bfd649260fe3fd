import { CalendarDate, GregorianCalendar, IslamicUmalquraCalendar, toCalendar, today } from '@internationalized/date';
import { westernDigits } from '@/lib/validation/digits';
import { parseHijri } from '@/lib/validation/hijri';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';

// Who travels on the applicant's contacts: a companion under 18. Apart from
// answers.ts so that pages showing answers need neither zod nor the rules.

/** The age of majority: a companion younger than this travels on the applicant's contacts. */
export const ADULT_AGE = 18;

const ummAlQura = new IslamicUmalquraCalendar();
const gregorian = new GregorianCalendar();

/**
 * Whether someone born on `dateOfBirth` (Hijri DD-MM-YYYY) is still under 18
 * on the first day of the travel month (MM-YYYY; today in Riyadh when there is
 * none yet). Years are counted in the Gregorian calendar, as passports and
 * most laws count age; 18 Hijri years are some six months fewer.
 */
export function isMinorOn(dateOfBirth: unknown, travelMonth: unknown): boolean {
  const parsed = typeof dateOfBirth === 'string' ? parseHijri(westernDigits(dateOfBirth.trim())) : null;
  if (!parsed) return false;
  const birth = new CalendarDate(ummAlQura, parsed.year, parsed.month, parsed.day);
  const month = typeof travelMonth === 'string' ? /^(0[1-9]|1[0-2])-(\d{4})$/.exec(westernDigits(travelMonth.trim())) : null;
  const travel = month ? new CalendarDate(ummAlQura, Number(month[2]), Number(month[1]), 1) : toCalendar(today(OFFICE_TIME_ZONE), ummAlQura);
  return toCalendar(birth, gregorian).add({ years: ADULT_AGE }).compare(toCalendar(travel, gregorian)) > 0;
}
