import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  HIJRI_DATE_PATTERN,
  formatHijri,
  gregorianToHijri,
  hijriToGregorian,
  isHijriDate,
  isUmmAlQuraDate,
  parseHijri,
  type HijriDate,
} from './hijri';

// Gregorian dates as YYYY-MM-DD, counted in whole days from 1970-01-01 (UTC),
// so that no time zone or time of day can shift a date.
const DAY_MS = 24 * 60 * 60 * 1000;
const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayOfIso = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const addDays = (iso: string, days: number) => isoOfDay(dayOfIso(iso) + days);

// The Umm al-Qura range the portal relies on.
const FIRST_DAY = dayOfIso('1937-01-01');
const LAST_DAY = dayOfIso('2076-12-31');
const FIRST_HIJRI_YEAR = gregorianToHijri('1937-01-01').year + 1; // 1356: the first whole Hijri year in range
const LAST_HIJRI_YEAR = gregorianToHijri('2076-12-31').year - 1; // 1499: the last whole Hijri year in range

// A second opinion on the calendar: ICU's Umm al-Qura tables, through Intl.
const icuUmmAlQura = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
});
function icuHijri(iso: string): HijriDate {
  const parts = Object.fromEntries(icuUmmAlQura.formatToParts(new Date(`${iso}T00:00:00Z`)).map((p) => [p.type, p.value]));
  return { day: Number(parts.day), month: Number(parts.month), year: Number.parseInt(parts.year ?? parts.relatedYear ?? '', 10) };
}

// Dates published in the Umm al-Qura calendar of Saudi Arabia.
const PUBLISHED: { name: string; hijri: HijriDate; gregorian: string }[] = [
  { name: '1 Muharram 1446 (Islamic new year)', hijri: { day: 1, month: 1, year: 1446 }, gregorian: '2024-07-07' },
  { name: '1 Ramadan 1446', hijri: { day: 1, month: 9, year: 1446 }, gregorian: '2025-03-01' },
  { name: '1 Shawwal 1446 (Eid al-Fitr)', hijri: { day: 1, month: 10, year: 1446 }, gregorian: '2025-03-30' },
  { name: '9 Dhu al-Hijjah 1446 (Day of Arafah)', hijri: { day: 9, month: 12, year: 1446 }, gregorian: '2025-06-05' },
  { name: '10 Dhu al-Hijjah 1446 (Eid al-Adha)', hijri: { day: 10, month: 12, year: 1446 }, gregorian: '2025-06-06' },
  { name: '1 Muharram 1447 (Islamic new year)', hijri: { day: 1, month: 1, year: 1447 }, gregorian: '2025-06-26' },
  { name: '1 Ramadan 1447', hijri: { day: 1, month: 9, year: 1447 }, gregorian: '2026-02-18' },
];

describe('known Umm al-Qura dates', () => {
  for (const { name, hijri, gregorian } of PUBLISHED) {
    it(`${name} is ${gregorian}`, () => {
      expect(hijriToGregorian(hijri)).toBe(gregorian);
      expect(gregorianToHijri(gregorian)).toEqual(hijri);
      expect(isHijriDate(formatHijri(hijri))).toBe(true);
      // ICU's tables agree.
      expect(icuHijri(gregorian)).toEqual(hijri);
    });
  }

  it('the day before 1 Ramadan 1447 is the last day of Shaban 1447', () => {
    expect(gregorianToHijri('2026-02-17')).toEqual({ day: 29, month: 8, year: 1447 });
  });

  it('Ramadan 1446 had 29 days: 1 Shawwal came 29 days after 1 Ramadan', () => {
    expect(gregorianToHijri('2025-03-29')).toEqual({ day: 29, month: 9, year: 1446 });
    expect(isHijriDate('29-09-1446')).toBe(true);
    expect(isHijriDate('30-09-1446')).toBe(false);
  });
});

describe('parseHijri and formatHijri', () => {
  it('reads DD-MM-YYYY into numbers', () => {
    expect(parseHijri('01-09-1447')).toEqual({ day: 1, month: 9, year: 1447 });
    expect(parseHijri('30-12-1446')).toEqual({ day: 30, month: 12, year: 1446 });
  });

  it('returns null for anything else', () => {
    expect(parseHijri('1447-09-01')).toBeNull();
    expect(parseHijri('')).toBeNull();
  });

  it('writes two-digit day and month and a four-digit year', () => {
    expect(formatHijri({ day: 1, month: 9, year: 1447 })).toBe('01-09-1447');
    expect(formatHijri({ day: 29, month: 12, year: 1446 })).toBe('29-12-1446');
  });
});

describe('isHijriDate: the DD-MM-YYYY form', () => {
  it('accepts real dates in DD-MM-YYYY', () => {
    expect(isHijriDate('01-09-1447')).toBe(true);
    expect(isHijriDate('10-12-1446')).toBe(true);
  });

  it.each([
    ['1-09-1447', 'a one-digit day'],
    ['01-9-1447', 'a one-digit month'],
    ['01/09/1447', 'slashes'],
    ['01.09.1447', 'dots'],
    ['1447-09-01', 'year first'],
    ['01-13-1447', 'month 13'],
    ['01-00-1447', 'month 00'],
    ['00-01-1447', 'day 00'],
    ['32-01-1447', 'day 32'],
    ['01-01-147', 'a three-digit year'],
    ['01-01-14470', 'a five-digit year'],
    [' 01-09-1447', 'a leading space'],
    ['01-09-1447 ', 'a trailing space'],
    ['٠١-٠٩-١٤٤٧', 'Arabic-Indic digits'],
    ['', 'an empty string'],
  ])('rejects %s (%s)', (text) => {
    expect(isHijriDate(text)).toBe(false);
  });
});

describe('isHijriDate: the day must exist in Umm al-Qura', () => {
  it('accepts the 30th of a 30-day month', () => {
    // Muharram 1447: 1 Muharram = 2025-06-26, 1 Safar = 2025-07-26.
    expect(hijriToGregorian({ day: 1, month: 2, year: 1447 })).toBe('2025-07-26');
    expect(isHijriDate('30-01-1447')).toBe(true);
  });

  it('rejects the 30th of a 29-day month', () => {
    // Safar 1447 has 29 days: 1 Rabi al-Awwal 1447 follows 29 Safar.
    expect(addDays(hijriToGregorian({ day: 29, month: 2, year: 1447 }), 1)).toBe(hijriToGregorian({ day: 1, month: 3, year: 1447 }));
    expect(isHijriDate('29-02-1447')).toBe(true);
    expect(isHijriDate('30-02-1447')).toBe(false);
  });

  it('rejects the 31st of any month', () => {
    for (let month = 1; month <= 12; month++) {
      expect(isHijriDate(formatHijri({ day: 31, month, year: 1447 }))).toBe(false);
    }
  });

  it('rejects year 0000', () => {
    expect(isHijriDate('01-01-0000')).toBe(false);
    expect(isUmmAlQuraDate({ day: 1, month: 1, year: 0 })).toBe(false);
  });
});

describe('properties', () => {
  it('Gregorian → Hijri → DD-MM-YYYY → Gregorian gives the same day (1937–2076)', () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST_DAY, max: LAST_DAY }), (day) => {
        const iso = isoOfDay(day);
        const hijri = gregorianToHijri(iso);
        const text = formatHijri(hijri);
        expect(isHijriDate(text)).toBe(true);
        expect(hijriToGregorian(parseHijri(text)!)).toBe(iso);
      }),
      { numRuns: 2000 },
    );
  });

  it('consecutive Gregorian days are consecutive Hijri days', () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST_DAY, max: LAST_DAY - 1 }), (day) => {
        const today = gregorianToHijri(isoOfDay(day));
        const tomorrow = gregorianToHijri(isoOfDay(day + 1));
        const nextDay = tomorrow.day === today.day + 1 && tomorrow.month === today.month && tomorrow.year === today.year;
        const nextMonth = tomorrow.day === 1 && today.day >= 29 && today.day <= 30 &&
          (today.month === 12 ? tomorrow.month === 1 && tomorrow.year === today.year + 1 : tomorrow.month === today.month + 1 && tomorrow.year === today.year);
        expect(nextDay || nextMonth).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with ICU (Intl, islamic-umalqura) on every sampled day', () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST_DAY, max: LAST_DAY }), (day) => {
        const iso = isoOfDay(day);
        expect(gregorianToHijri(iso)).toEqual(icuHijri(iso));
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects every string that is not two digits, dash, two digits, dash, four digits', () => {
    const digit = fc.constantFrom(...'0123456789'.split(''));
    const valid = fc.tuple(
      fc.integer({ min: 1, max: 29 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: FIRST_HIJRI_YEAR, max: LAST_HIJRI_YEAR }),
    ).map(([day, month, year]) => formatHijri({ day, month, year }));
    // Near misses: a valid date with one character removed, added or replaced.
    const nearMiss = fc
      .tuple(valid, fc.nat(), fc.oneof(digit, fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' })), fc.constantFrom('remove', 'insert', 'replace'))
      .map(([text, at, char, edit]) => {
        const i = at % (text.length + 1);
        if (edit === 'remove') return text.slice(0, i) + text.slice(i + 1);
        if (edit === 'insert') return text.slice(0, i) + char + text.slice(i);
        return text.slice(0, i) + char + text.slice(i + 1);
      });
    const wrongShape = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.stringMatching(/^\d{1,3}[-/. ]\d{1,3}[-/. ]\d{1,5}$/),
      nearMiss,
    );
    fc.assert(
      fc.property(wrongShape.filter((text) => !/^\d{2}-\d{2}-\d{4}$/.test(text)), (text) => {
        expect(isHijriDate(text)).toBe(false);
        expect(parseHijri(text)).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts a generated day exactly when that day exists in the Umm al-Qura month', () => {
    // Independently of getDaysInMonth: day d exists when the date d-1 days after
    // the 1st of the month is still in that month.
    const existsInMonth = ({ day, month, year }: HijriDate) => {
      const first = hijriToGregorian({ day: 1, month, year });
      const back = gregorianToHijri(addDays(first, day - 1));
      return back.day === day && back.month === month && back.year === year;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: FIRST_HIJRI_YEAR, max: LAST_HIJRI_YEAR }),
        (day, month, year) => {
          const date = { day, month, year };
          expect(isHijriDate(formatHijri(date))).toBe(existsInMonth(date));
          if (day <= 29) expect(isHijriDate(formatHijri(date))).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('every Umm al-Qura month in range has 29 or 30 days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: FIRST_HIJRI_YEAR, max: LAST_HIJRI_YEAR }), (month, year) => {
        const first = hijriToGregorian({ day: 1, month, year });
        const next = month === 12 ? { day: 1, month: 1, year: year + 1 } : { day: 1, month: month + 1, year };
        const length = dayOfIso(hijriToGregorian(next)) - dayOfIso(first);
        expect([29, 30]).toContain(length);
        expect(isHijriDate(formatHijri({ day: 29, month, year }))).toBe(true);
        expect(isHijriDate(formatHijri({ day: 30, month, year }))).toBe(length === 30);
      }),
      { numRuns: 1000 },
    );
  });

  it('the exported pattern is the DD-MM-YYYY form', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{2}-\d{2}-\d{4}$/), (text) => {
        const [day, month] = text.split('-').map(Number) as [number, number];
        expect(HIJRI_DATE_PATTERN.test(text)).toBe(day >= 1 && day <= 31 && month >= 1 && month <= 12);
      }),
    );
  });
});
