import { IslamicUmalquraCalendar, toCalendar, today } from '@internationalized/date';
import { formatHijri } from '@/lib/validation/hijri';

const now = toCalendar(today('Asia/Riyadh'), new IslamicUmalquraCalendar());

/** A Hijri date this many months from today, as DD-MM-YYYY. */
export function hijriFromNow(months: number, day = 1): string {
  const date = now.add({ months }).set({ day });
  return formatHijri({ day: date.day, month: date.month, year: date.year });
}

/**
 * The Hajj of the test database (test/database.ts): next year's, 8-13 Dhu al-Hijjah, so that Dhu al-Hijjah is
 * always ahead and its travel months (this month to that one) are 13 to 24, whatever today is.
 */
export const HAJJ_YEAR = now.year + 1;

/** A travel month this many months from this one, MM-YYYY (negative: gone by). */
export function travelMonthFromNow(months: number): string {
  const date = now.add({ months });
  return `${String(date.month).padStart(2, '0')}-${date.year}`;
}

/** A travel month a few months ahead, MM-YYYY. */
export const TRAVEL_MONTH = travelMonthFromNow(3);

export function person(overrides: Record<string, string> = {}) {
  return {
    name_ar: 'عائشة رحمن',
    name_latin: 'Aisha Rahman',
    gender: 'female',
    date_of_birth: '14-03-1410',
    nationality: 'SA',
    national_id: '1012345678',
    passport_number: 'A1234567',
    passport_expiry: hijriFromNow(24),
    mobile: '+966501234567',
    email: 'aisha@example.com',
    ...overrides,
  };
}

export function companion(overrides: Record<string, string> = {}) {
  return person({ name_ar: 'محمد رحمن', name_latin: 'Mohammed Rahman', gender: 'male', relation: 'spouse', passport_number: 'B7654321', ...overrides });
}

export const SERVICE = { package: 'standard', travel_month: TRAVEL_MONTH };
