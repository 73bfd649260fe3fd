import { describe, expect, it } from 'vitest';
import { translatorFor } from '@/lib/i18n/translator';
import { requestFormats } from '@/lib/i18n/formats';
import { answerOf, dateErrorOf } from './date-parts';
import { ruleMessage } from './localize';
import { encodeRule } from './rule-code';

// Issue 40: a date error names the calendar the pilgrim typed in and the three
// boxes, and the passport's rule names the day it must reach.

const t = { en: translatorFor('en'), ar: translatorFor('ar') };
const unreal = encodeRule('hijri_date_format');

describe('a date that is not a real day, on the form', () => {
  it('is said in the calendar it was typed in, with the three boxes', () => {
    const gregorian = dateErrorOf(unreal, answerOf({ day: '31', month: '2', year: '2030' }, 'gregorian'));
    expect(ruleMessage(gregorian, ['passport_expiry'], t.en, 'en')).toBe('Enter the Passport expiry date as a real Gregorian date, in the three boxes: Day, Month and Year');
    expect(ruleMessage(gregorian, ['passport_expiry'], t.ar, 'ar')).toBe('اكتب تاريخ انتهاء جواز السفر تاريخًا ميلاديًا صحيحًا في الخانات الثلاث: اليوم والشهر والسنة');
    const hijri = dateErrorOf(unreal, answerOf({ day: '30', month: '13', year: '1410' }, 'hijri'));
    expect(ruleMessage(hijri, ['companions', 0, 'date_of_birth'], t.en, 'en')).toBe('Companion 1: enter the Date of birth as a real Hijri date, in the three boxes: Day, Month and Year');
  });

  it('never says "Hijri … DD-MM-YYYY" under a Gregorian date', () => {
    const gregorian = dateErrorOf(unreal, '12//2030');
    for (const locale of ['en', 'ar'] as const) {
      const text = ruleMessage(gregorian, ['passport_expiry'], t[locale], locale);
      expect(text).not.toMatch(/DD-MM-YYYY|Hijri|هجري/);
    }
  });

  it('leaves other errors as they are', () => {
    expect(dateErrorOf(encodeRule('required'), '')).toBe(encodeRule('required'));
    expect(dateErrorOf(encodeRule('past_date'), '01-01-1500')).toBe(encodeRule('past_date'));
  });
});

describe("the passport's rule", () => {
  it('names the day it must reach, in both calendars and the page digits', () => {
    const code = encodeRule('passport_validity', { date: '29-02-1449' });
    const en = ruleMessage(code, ['passport_expiry'], t.en, 'en', requestFormats('en', 'Asia/Riyadh').hijriAnswer);
    expect(en).toMatch(/^The passport must be valid until at least \w+ \d{1,2}, 2027 \(.*1449.*\), 6 months after the travel month/);
    const ar = ruleMessage(code, ['passport_expiry'], t.ar, 'ar', requestFormats('ar', 'Asia/Riyadh').hijriAnswer);
    expect(ar).toContain('١٤٤٩');
    expect(ar).toContain('٢٠٢٧');
    expect(ar).not.toMatch(/[0-9]/);
  });
});
