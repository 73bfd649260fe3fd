import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '@/lib/requests/countries';
import { countryName, plainAmount, printedMoment, requestFormats } from './formats';

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

  // Issue 60, item 6: lists, countries' names and a field's amount come from here too, as the pages wrote them by hand.
  it('joins items with the language\'s "and"', () => {
    expect(en.list(['Passport number', 'mobile number'])).toBe('Passport number and mobile number');
    expect(en.list(['Aisha', 'Omar', 'Maryam'])).toBe('Aisha, Omar, and Maryam');
    expect(ar.list(['رقم الجواز', 'رقم الجوال'])).toBe('رقم الجواز ورقم الجوال');
    expect(ar.list(['عائشة', 'عمر', 'مريم'])).toBe('عائشة وعمر ومريم');
    expect(en.list(['Aisha'])).toBe('Aisha');
  });

  it('names a country in the page language, and keeps what is no code as it is', () => {
    expect(en.countryName('EG')).toBe('Egypt');
    expect(ar.countryName('EG')).toBe('مصر');
    expect(countryName('SA', 'ar')).toBe('المملكة العربية السعودية');
    expect(countryName('SA', 'en')).toBe('Saudi Arabia');
    // Each country as the pages named it before (Intl.DisplayNames of the page language, by hand in each page).
    for (const locale of ['en', 'ar']) {
      const before = new Intl.DisplayNames([locale], { type: 'region' });
      expect(COUNTRY_CODES.filter((code) => countryName(code, locale) !== before.of(code))).toEqual([]);
    }
    // A draft may hold anything: an unknown code, or a name typed in full.
    expect(en.countryName('XZ')).toBe('XZ');
    expect(ar.countryName('Egypt')).toBe('Egypt');
  });

  it('puts an amount into a form field in the page\'s digits, and the CSV\'s in plain figures', () => {
    expect(en.amountForInput(1500000)).toBe('15000.00');
    expect(ar.amountForInput(1500000)).toBe('١٥٠٠٠٫٠٠');
    expect(en.amountForInput(12345)).toBe('123.45');
    expect(ar.amountForInput(5)).toBe('٠٫٠٥');
    expect(plainAmount(1500000)).toBe('15000.00');
    expect(plainAmount(1234567, 3)).toBe('1234.567');
    expect(plainAmount(1500, 0)).toBe('1500');
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
