import { CalendarDate, IslamicUmalquraCalendar, toCalendar, GregorianCalendar } from '@internationalized/date';
import { parseHijri } from '@/lib/validation/hijri';

const ummAlQura = new IslamicUmalquraCalendar();

/** The Hijri months of a season, as MM-YYYY with a label in the page language ("Ramadan 1448"). */
export function travelMonths(seasonStart: string, seasonEnd: string, locale: string): { value: string; label: string }[] {
  const start = parseHijri(seasonStart);
  const end = parseHijri(seasonEnd);
  if (!start || !end) return [];
  const format = new Intl.DateTimeFormat(`${locale === 'ar' ? 'ar-SA' : 'en'}-u-ca-islamic-umalqura`, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const months: { value: string; label: string }[] = [];
  let month = new CalendarDate(ummAlQura, start.year, start.month, 1);
  const last = new CalendarDate(ummAlQura, end.year, end.month, 1);
  while (month.compare(last) <= 0 && months.length < 24) {
    // The middle of the month, so no time zone can move the label into the next one.
    const gregorian = toCalendar(month.set({ day: 15 }), new GregorianCalendar());
    months.push({
      value: `${String(month.month).padStart(2, '0')}-${month.year}`,
      label: format.format(new Date(Date.UTC(gregorian.year, gregorian.month - 1, gregorian.day))),
    });
    month = month.add({ months: 1 });
  }
  return months;
}
