/**
 * The calendar-free half of the formatting module (lib/i18n/formats.ts, which
 * re-exports it): digits, counts, amounts and clock times. The pages of the
 * first load (the header's badge, the footer, sign-in's messages) import it
 * from here, so the Umm al-Qura calendar loads only with the screens that
 * write dates. ESLint lets only these two files build an Intl formatter.
 */

export type Calendar = 'islamic-umalqura' | 'gregory';

/** The Intl locale for numbers and amounts on a page in this language. */
export function numberLocale(locale: string): string {
  return locale === 'ar' ? 'ar-SA-u-nu-arab' : 'en-US';
}

/** The Intl locale for dates and times in a calendar on a page in this language. */
export function dateLocale(locale: string, calendar: Calendar): string {
  return locale === 'ar' ? `ar-SA-u-ca-${calendar}-nu-arab` : `en-u-ca-${calendar}`;
}

/** A count or position ("3", "٣"), without grouping surprises for small numbers. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(numberLocale(locale)).format(value);
}

/** A year ("2026", "٢٠٢٦"): never grouped. */
export function formatYear(year: number, locale: string): string {
  return new Intl.NumberFormat(numberLocale(locale), { useGrouping: false }).format(year);
}

/** A file size in megabytes ("2 MB", "١٫٥ ميغابايت": the Arabic abbreviation is not widely read). */
export function formatMegabytes(bytes: number, locale: string): string {
  const unitDisplay = locale === 'ar' ? 'long' : 'short';
  return new Intl.NumberFormat(numberLocale(locale), { style: 'unit', unit: 'megabyte', unitDisplay, maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
}

/** A clock time with seconds ("14:05:09", "٢:٠٥:٠٩ م") in the office's time zone. */
export function formatTime(date: Date, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(dateLocale(locale, 'gregory'), { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone }).format(date);
}

/** A measure read as a number, not an amount ("4000", "٤٠٠٠"; an image's width in pixels): never grouped, one decimal at most. */
export function formatPlain(value: number, locale: string): string {
  return new Intl.NumberFormat(numberLocale(locale), { useGrouping: false, maximumFractionDigits: 1 }).format(value);
}

// The calendar day and clock of a moment in a time zone, in Western digits (en-CA writes the day as YYYY-MM-DD).
const zonedClocks = new Map<string, Intl.DateTimeFormat>();

/** A moment's day (ISO YYYY-MM-DD) and time (HH:MM, 24 h) in a time zone: the office's day for the CSV and the receipt. */
export function zonedDayAndTime(moment: Date, timeZone: string): { day: string; time: string } {
  let clock = zonedClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    zonedClocks.set(timeZone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(moment).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** How many decimals a currency has (SAR 2, KWD 3, JPY 0): money is stored in its minor unit. An unknown code: two. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units as a plain number with the currency's decimals, Western digits ("1,500.00"): the receipt's English column. */
export function formatAmount(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amountMinor / 10 ** digits);
}

/**
 * An amount in minor units as a plain figure in major units: Western digits, no grouping, `digits` decimals ("15000.00").
 * The CSV's amounts (a spreadsheet sums them, by the currency's decimals) and a form's amount field (halalas, which
 * minorOf reads back); on a page, formats.amountForInput writes it in the page's digits.
 */
export function plainAmount(minor: number, digits = 2): string {
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * Two parts of one line ("Ramadan 1448 AH, February – March 2027"; "٢٧ نوفمبر ٢٠٢٦، ٩:٣٣ ص"): joined by
 * the language's comma, never by "·", which beside Arabic-Indic digits reads as a zero (٠).
 */
export function joinParts(locale: string, ...parts: string[]): string {
  return parts.join(partSeparator(locale));
}

/** The language's comma and space, between two parts of a line. */
export function partSeparator(locale: string): string {
  return locale === 'ar' ? '، ' : ', ';
}

/**
 * Digits as the page writes them: Arabic-Indic on an Arabic page, as typed elsewhere. For a number shown
 * back in a field (a saved date's day, month and year): what the pilgrim typed in either style is kept in
 * Western digits, and an Arabic page shows it again in its own.
 */
export function pageDigits(text: string, locale: string): string {
  return locale === 'ar' ? text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit))) : text;
}
