import { describe, expect, it } from 'vitest';
import { answerOf, calendarOfAnswer, partsOf } from './date-parts';
import { isHijriDate } from './hijri';

describe('a date typed as day, month and year', () => {
  it('in Hijri is kept as Hijri DD-MM-YYYY, in any digits', () => {
    expect(answerOf({ day: '14', month: '3', year: '1410' }, 'hijri')).toBe('14-03-1410');
    expect(answerOf({ day: '١٤', month: '٣', year: '١٤١٠' }, 'hijri')).toBe('14-03-1410');
  });

  it('in Gregorian is kept as the same day in Hijri DD-MM-YYYY (Umm al-Qura)', () => {
    // 15 June 2030 is 13 Safar 1452; 18 February 2026 is 1 Ramadan 1447.
    expect(answerOf({ day: '18', month: '2', year: '2026' }, 'gregorian')).toBe('01-09-1447');
    expect(answerOf({ day: '۱۸', month: '۰۲', year: '۲۰۲۶' }, 'gregorian')).toBe('01-09-1447');
  });

  it('an unfinished or unreal date keeps what was typed, in a form that is never a valid answer', () => {
    expect(answerOf({ day: '', month: '', year: '' }, 'gregorian')).toBe('');
    expect(answerOf({ day: '29', month: '2', year: '2031' }, 'gregorian')).toBe('29/2/2031');
    expect(isHijriDate(answerOf({ day: '29', month: '2', year: '2031' }, 'gregorian'))).toBe(false);
    expect(answerOf({ day: '14', month: '3', year: '' }, 'hijri')).toBe('14-03-');
    expect(isHijriDate(answerOf({ day: '30', month: '2', year: '1447' }, 'hijri'))).toBe(false);
  });

  it('an answer is shown in either calendar, and unfinished text in the calendar it was typed in', () => {
    expect(partsOf('01-09-1447', 'hijri')).toEqual({ day: '1', month: '9', year: '1447' });
    expect(partsOf('01-09-1447', 'gregorian')).toEqual({ day: '18', month: '2', year: '2026' });
    expect(partsOf('29/2/2031', 'gregorian')).toEqual({ day: '29', month: '2', year: '2031' });
    expect(calendarOfAnswer('29/2/2031')).toBe('gregorian');
    expect(calendarOfAnswer('14-03-')).toBe('hijri');
    expect(calendarOfAnswer('01-09-1447')).toBeNull();
    expect(partsOf('', 'hijri')).toEqual({ day: '', month: '', year: '' });
  });
});
