import { hijriToGregorian, isHijriDate, parseHijri } from '@/lib/validation/hijri';

/** Day-month-year in both languages: "18 February 2026" / "١٨ فبراير ٢٠٢٦". */
const GREGORIAN_LOCALE = { en: 'en-GB', ar: 'ar-SA' } as const;

/** The Gregorian equivalent of a DD-MM-YYYY Hijri text in the page language, or null when it is not valid. */
export function gregorianEquivalent(text: string, locale: string): string | null {
  const date = parseHijri(text);
  if (!date || !isHijriDate(text)) return null;
  const [year, month, day] = hijriToGregorian(date).split('-').map(Number) as [number, number, number];
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  return new Intl.DateTimeFormat(GREGORIAN_LOCALE[locale === 'ar' ? 'ar' : 'en'], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    calendar: 'gregory',
    timeZone: 'UTC',
  }).format(instant);
}
