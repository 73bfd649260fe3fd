/**
 * The one formatting module of the portal (issue 39 item 5): numbers, money by
 * the currency's own decimals, dates in both calendars, clock times and digits,
 * for the pages, the e-mails, the receipt and the CSV export alike. ESLint lets
 * no other file build an Intl formatter (eslint.config.mjs).
 *
 * The one digit rule of the pages (docs/DIGITS.md): an Arabic page counts in
 * Arabic-Indic digits (٠١٢٣٤٥٦٧٨٩) everywhere a number is read as a number:
 * times, dates, amounts, counts, step numbers. Identifiers (references,
 * passport, ID and phone numbers, e-mail addresses) keep Western digits on
 * every page, as they are printed and typed, and are marked data-identifier.
 *
 * Every Intl formatter takes its locale from here: plain 'ar' now defaults to
 * Western digits in ICU, and next-intl formats message arguments with plain
 * 'ar', so numbers reach messages already formatted.
 */

import { formatHijri, gregorianToHijri, hijriToGregorian, isHijriDate, parseHijri } from '@/lib/validation/hijri';
import { dateLocale, formatAmount, numberLocale, pageDigits, partSeparator, plainAmount, zonedDayAndTime } from './numbers';

export * from './numbers';

/** Intl locales of the request screens, with the digits of the page (numbers.ts). */
const INTL = {
  en: { hijri: dateLocale('en', 'islamic-umalqura'), gregorian: dateLocale('en', 'gregory'), number: numberLocale('en') },
  ar: { hijri: dateLocale('ar', 'islamic-umalqura'), gregorian: dateLocale('ar', 'gregory'), number: numberLocale('ar') },
} as const;

export type RequestFormats = ReturnType<typeof buildFormats>;

/**
 * The two Hijri months named «ذو …» in the genitive, «ذي …» (issue 63, item 8): after a day's number ("٨ ذي الحجة")
 * or a preposition ("في ذي القعدة"). ICU writes them in the nominative in every position. Other months and other
 * languages are unchanged.
 */
export function genitiveMonths(text: string): string {
  return text.replace(/ذو (القعدة|الحجة)/g, 'ذي $1');
}

// One per language: the country list names some two hundred countries at each opening, in the page language and in both for its search.
const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name from its ISO 3166-1 code, in a language ("Egypt", «مصر»); what is no code (a draft may hold anything) as it is. */
export function countryName(code: string, locale: string): string {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

// Built once per language and time zone: the ten Intl formatters below cost more to build than to use (a
// validation error, each notification and e-mail and each service card asked for a fresh set; 1.6 s of the
// contract fuzz's 21). A page has one time zone and the server two at most, so the cache stays small.
const built = new Map<string, RequestFormats>();

/** Dates, numbers and money as the request screens show them, in the page language. */
export function requestFormats(locale: string, timeZone: string): RequestFormats {
  const key = `${locale} ${timeZone}`;
  let formats = built.get(key);
  if (!formats) {
    formats = buildFormats(locale, timeZone);
    if (built.size >= 16) built.clear();
    built.set(key, formats);
  }
  return formats;
}

function buildFormats(locale: string, timeZone: string) {
  const intl = locale === 'ar' ? INTL.ar : INTL.en;
  // A Hijri date names its month after the day's number: in the genitive.
  const dated = (format: Intl.DateTimeFormat) => (date: Date) => (locale === 'ar' ? genitiveMonths(format.format(date)) : format.format(date));
  const dateOnly = { year: 'numeric', month: 'long', day: 'numeric' } as const;
  const withTime = { ...dateOnly, hour: 'numeric', minute: '2-digit' } as const;
  const hijri = new Intl.DateTimeFormat(intl.hijri, { ...dateOnly, timeZone });
  const hijriTime = new Intl.DateTimeFormat(intl.hijri, { ...withTime, timeZone });
  const gregorian = new Intl.DateTimeFormat(intl.gregorian, { ...dateOnly, timeZone });
  const gregorianTime = new Intl.DateTimeFormat(intl.gregorian, { ...withTime, timeZone });
  // Answers are calendar days, not moments: formatted at UTC noon so no time zone moves them.
  const hijriDay = new Intl.DateTimeFormat(intl.hijri, { ...dateOnly, timeZone: 'UTC' });
  const gregorianDay = new Intl.DateTimeFormat(intl.gregorian, { ...dateOnly, timeZone: 'UTC' });
  const hijriMonth = new Intl.DateTimeFormat(intl.hijri, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const gregorianMonths = new Intl.DateTimeFormat(intl.gregorian, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(intl.number);
  const kilobytes = new Intl.NumberFormat(intl.number, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  // Built on first use per currency: building an Intl formatter costs more than using one.
  const money = new Map<string, Intl.NumberFormat>();
  const language = locale === 'ar' ? 'ar' : 'en';
  const currencies = new Intl.DisplayNames([language], { type: 'currency' });
  const conjunction = new Intl.ListFormat([language], { type: 'conjunction' });
  const editable = (text: string) => (locale === 'ar' ? pageDigits(text, 'ar').replace('.', '\u066B') : text);

  return {
    /** Between two parts of one line: the language's comma, never "·" (beside Arabic-Indic digits it reads as ٠; docs/DIGITS.md). */
    separator: partSeparator(locale),
    number: (value: number) => number.format(value),
    /** A moment (ISO timestamp) in Hijri and Gregorian, the Hijri one with the time when asked. */
    moment: (iso: string, { time = false } = {}) => {
      const date = new Date(iso);
      return { hijri: dated(time ? hijriTime : hijri)(date), gregorian: gregorian.format(date) };
    },
    /** A deadline (ISO timestamp): the Gregorian date with the time, as people read a deadline, and the Hijri date with the time. */
    deadline: (iso: string) => {
      const date = new Date(iso);
      return { gregorian: gregorianTime.format(date), hijri: dated(hijriTime)(date) };
    },
    /** A DD-MM-YYYY Hijri answer with its Gregorian day; null when the text is not a valid date. */
    hijriAnswer: (text: string) => {
      if (!isHijriDate(text)) return null;
      const [year, month, day] = hijriToGregorian(parseHijri(text)!).split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day, 12));
      return { hijri: dated(hijriDay)(date), gregorian: gregorianDay.format(date) };
    },
    /**
     * A MM-YYYY Hijri travel month ("Ramadan 1448"); null when the text is not one. `genitive` where a message puts it
     * after a preposition («الوصول في ذي الحجة»); alone, a list's choice, it is in the nominative.
     */
    hijriMonth: (text: string, { genitive = false } = {}) => {
      const match = /^(0[1-9]|1[0-2])-(\d{4})$/.exec(text);
      if (!match) return null;
      // The 15th: the middle of the month, well away from either edge.
      const [year, month, day] = hijriToGregorian({ day: 15, month: Number(match[1]), year: Number(match[2]) }).split('-').map(Number) as [number, number, number];
      const name = hijriMonth.format(new Date(Date.UTC(year, month - 1, day, 12)));
      return genitive && locale === 'ar' ? genitiveMonths(name) : name;
    },
    /**
     * A MM-YYYY travel month in both calendars: "Ramadan 1448", "February – March 2027"
     * (the Gregorian months its days fall in); null when the text is not one.
     */
    travelMonth: (text: string) => {
      const match = /^(0[1-9]|1[0-2])-(\d{4})$/.exec(text);
      if (!match) return null;
      const month = Number(match[1]);
      const year = Number(match[2]);
      const first = hijriToGregorian({ day: 1, month, year });
      const next = month === 12 ? { day: 1, month: 1, year: year + 1 } : { day: 1, month: month + 1, year };
      const noon = (iso: string, days = 0) => {
        const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
        return new Date(Date.UTC(y, m - 1, d + days, 12));
      };
      const start = noon(first);
      const end = noon(hijriToGregorian(next), -1);
      return { hijri: hijriMonth.format(start), gregorian: gregorianMonths.formatRange(start, end) };
    },
    /**
     * An amount in minor units, by the currency's own decimals. Arabic names the currency in words
     * ("١٬٥٠٠٫٠٠ ريال سعودي"): its sign "ر.س." ends in a full stop, and the comma or stop of the
     * sentence after it read as "ر.س.،" (docs/DIGITS.md); the receipt and the e-mails say it so too.
     */
    money: (minor: number, currency: string) => {
      let format = money.get(currency);
      if (!format) money.set(currency, (format = new Intl.NumberFormat(intl.number, { style: 'currency', currency, currencyDisplay: locale === 'ar' ? 'name' : 'symbol' })));
      // The formatter's own decimals are the currency's (currencyDigits), read without building another.
      return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
    },
    /** A currency as a label names it ("Fee (SAR)", «الرسوم (ريال سعودي)»): English writes the code, as its amounts do; Arabic the name in words. */
    currencyLabel: (currency: string) => (locale === 'ar' ? (currencies.of(currency) ?? currency) : currency),
    /**
     * A figure put into a form field to be edited (a fee "15000.00", a count "4"), in the page's digits: on Arabic
     * pages «١٥٠٠٠٫٠٠» with the Arabic decimal separator; the form reads either digits back (westernDigits, minorOf).
     */
    editable,
    /** An amount in halalas put into a form's amount field to be edited ("15000.00", «١٥٠٠٠٫٠٠»); minorOf reads it back. */
    amountForInput: (minor: number) => editable(plainAmount(minor)),
    /** Items in a sentence, the last joined by "and" ("passport number and mobile number", «رقم الجواز ورقم الجوال»). */
    list: (items: readonly string[]) => conjunction.format(items),
    /** A country's name in the page language, from its ISO code («مصر»); what is no code, as it is. */
    countryName: (code: string) => countryName(code, language),
    fileSize: (bytes: number) => kilobytes.format(Math.max(1, Math.round(bytes / 1024))),
  };
}

// ------------------------------------------------------------ printed documents

// The receipt prints both languages side by side in fonts of its own, with the months' names as an office's
// letters write them ("Jumada al-Akhirah", not ICU's "Jumada II"), so it does not use the pages' Intl formatters.
const HIJRI_MONTHS = {
  en: ['Muharram', 'Safar', "Rabi' al-Awwal", "Rabi' al-Thani", 'Jumada al-Ula', 'Jumada al-Akhirah', 'Rajab', "Sha'ban", 'Ramadan', 'Shawwal', "Dhu al-Qa'dah", 'Dhu al-Hijjah'],
  ar: ['محرم', 'صفر', 'ربيع الأول', 'ربيع الآخر', 'جمادى الأولى', 'جمادى الآخرة', 'رجب', 'شعبان', 'رمضان', 'شوال', 'ذو القعدة', 'ذو الحجة'],
};
const GREGORIAN_MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ar: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
};

/** A moment as a printed document writes it, in a time zone, in both calendars and both languages; the Arabic in Arabic-Indic digits. */
export function printedMoment(moment: Date, timeZone: string) {
  const { day: iso, time } = zonedDayAndTime(moment, timeZone);
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const hijri = gregorianToHijri(iso);
  const arabic = (text: string) => pageDigits(text, 'ar');
  return {
    iso,
    time,
    hijriNumeric: formatHijri(hijri),
    hijriNumericAr: arabic(formatHijri(hijri)),
    timeAr: arabic(time),
    hijri: { en: `${hijri.day} ${HIJRI_MONTHS.en[hijri.month - 1]} ${hijri.year} AH`, ar: arabic(genitiveMonths(`${hijri.day} ${HIJRI_MONTHS.ar[hijri.month - 1]} ${hijri.year} هـ`)) },
    gregorian: { en: `${day} ${GREGORIAN_MONTHS.en[month - 1]} ${year}`, ar: arabic(`${day} ${GREGORIAN_MONTHS.ar[month - 1]} ${year}م`) },
  };
}

/** An amount as a printed document writes it: "SAR 1,500.00" in English, as the Arabic pages write it in Arabic (the riyal in words). */
export function printedAmount(amountMinor: number, currency: string, timeZone: string) {
  return { en: `${currency} ${formatAmount(amountMinor, currency)}`, ar: requestFormats('ar', timeZone).money(amountMinor, currency) };
}
