import { pageDigits, requestFormats, zonedDayAndTime } from '@/lib/i18n/formats';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';

/**
 * A moment of an opening as pilgrims and the office read it: the clock time in Riyadh (HH:MM, 24 hours, in the
 * page's digits) and its day in both calendars, Hijri (Umm al-Qura) first.
 */
export function openingMoment(iso: string, locale: string) {
  const moment = new Date(iso);
  const { hijri, gregorian } = requestFormats(locale, OFFICE_TIME_ZONE).moment(iso);
  return { time: pageDigits(zonedDayAndTime(moment, OFFICE_TIME_ZONE).time, locale), hijri, gregorian };
}
