import { describe, expect, it } from 'vitest';
import { printedMoment, requestFormats } from './formats';

describe('request formats', () => {
  const en = requestFormats('en', 'Asia/Riyadh');
  const ar = requestFormats('ar', 'Asia/Riyadh');

  it('shows a moment in Hijri and Gregorian, with Arabic digits on Arabic pages', () => {
    expect(en.moment('2026-11-05T10:00:00Z')).toEqual({ hijri: 'Jumada I 25, 1448 AH', gregorian: 'November 5, 2026' });
    const inArabic = ar.moment('2026-11-05T10:00:00Z');
    expect(inArabic.hijri).toContain('١٤٤٨');
    expect(inArabic.hijri).toContain('جمادى الأولى');
    expect(inArabic.gregorian).toBe('٥ نوفمبر ٢٠٢٦');
  });

  it('keeps a Hijri answer on its day and gives its Gregorian equivalent', () => {
    expect(en.hijriAnswer('01-09-1447')).toEqual({ hijri: 'Ramadan 1, 1447 AH', gregorian: 'February 18, 2026' });
    expect(en.hijriAnswer('30-02-1447')).toBeNull();
    expect(en.hijriAnswer('')).toBeNull();
  });

  // Issue 63, item 8: after a number or a preposition a month of «ذو» is in the genitive, «ذي»: « ٨ ذي الحجة»,
  // «في ذي القعدة»; alone (a list's choice) it stays «ذو الحجة».
  it('writes Dhu al-Qa‘dah and Dhu al-Hijjah in the genitive after a day, and when asked after a preposition', () => {
    expect(ar.hijriAnswer('08-12-1448')!.hijri).toBe('٨ ذي الحجة ١٤٤٨ هـ');
    expect(ar.hijriAnswer('29-11-1448')!.hijri).toBe('٢٩ ذي القعدة ١٤٤٨ هـ');
    // 15 May 2027 is 9 Dhu al-Hijjah 1448 (Umm al-Qura).
    expect(ar.moment('2027-05-15T09:00:00Z').hijri).toBe('٩ ذي الحجة ١٤٤٨ هـ');
    expect(ar.moment('2027-05-15T09:00:00Z', { time: true }).hijri).toMatch(/^٩ ذي الحجة ١٤٤٨ هـ/);
    expect(ar.deadline('2027-05-15T09:00:00Z').hijri).toMatch(/^٩ ذي الحجة/);
    expect(ar.hijriMonth('12-1448')).toBe('ذو الحجة ١٤٤٨ هـ');
    expect(ar.hijriMonth('11-1448', { genitive: true })).toBe('ذي القعدة ١٤٤٨ هـ');
    expect(ar.travelMonth('12-1448')!.hijri).toBe('ذو الحجة ١٤٤٨ هـ');
    // Other months, and English, as ICU writes them.
    expect(ar.hijriMonth('09-1448', { genitive: true })).toBe('رمضان ١٤٤٨ هـ');
    expect(en.hijriMonth('12-1448', { genitive: true })).toBe('Dhuʻl-Hijjah 1448 AH');
    expect(printedMoment(new Date('2027-05-15T09:00:00Z'), 'Asia/Riyadh').hijri.ar).toBe('٩ ذي الحجة ١٤٤٨ هـ');
  });

  it('names a travel month', () => {
    expect(en.hijriMonth('09-1448')).toBe('Ramadan 1448 AH');
    expect(ar.hijriMonth('09-1448')).toContain('رمضان');
    expect(en.hijriMonth('13-1448')).toBeNull();
  });

  it('names a travel month in both calendars: the Gregorian months its days fall in', () => {
    // Ramadan 1448 runs from 8 February to 9 March 2027 (Umm al-Qura).
    expect(en.travelMonth('09-1448')).toEqual({ hijri: 'Ramadan 1448 AH', gregorian: 'February\u2009–\u2009March 2027' });
    // Dhu al-Hijjah 1448: 7 May to 5 June 2027.
    expect(en.travelMonth('12-1448')!.gregorian).toBe('May\u2009–\u2009June 2027');
    expect(ar.travelMonth('09-1448')!.gregorian).toContain('فبراير');
    expect(ar.travelMonth('09-1448')!.gregorian).toContain('٢٠٢٧');
    expect(en.travelMonth('00-1448')).toBeNull();
  });

  it('formats the fee in the page language', () => {
    expect(en.money(250000, 'SAR')).toBe('SAR\u00a02,500.00');
    expect(ar.money(250000, 'SAR')).toContain('٢٬٥٠٠');
    expect(ar.number(3)).toBe('٣');
  });

  it('builds its formatters once per language and time zone, and keeps the time zone apart', () => {
    expect(requestFormats('en', 'Asia/Riyadh')).toBe(en);
    expect(requestFormats('ar', 'Asia/Riyadh')).toBe(ar);
    const utc = requestFormats('en', 'UTC');
    expect(utc).not.toBe(en);
    // 21:30 UTC is already the next day in Riyadh (UTC+3).
    expect(utc.moment('2026-11-27T21:30:00Z').gregorian).toBe('November 27, 2026');
    expect(en.moment('2026-11-27T21:30:00Z').gregorian).toBe('November 28, 2026');
  });
});
