/**
 * The one digit rule of the pages (docs/digits.md): an Arabic page counts in
 * Arabic-Indic digits (٠١٢٣٤٥٦٧٨٩) everywhere a number is read as a number:
 * times, dates, amounts, counts, step numbers. Identifiers (references,
 * passport, ID and phone numbers, e-mail addresses) keep Western digits on
 * every page, as they are printed and typed, and are marked data-identifier.
 *
 * Every Intl formatter of a page takes its locale from here: plain 'ar' now
 * defaults to Western digits in ICU, and next-intl formats message arguments
 * with plain 'ar', so numbers reach messages already formatted.
 */

type Calendar = 'islamic-umalqura' | 'gregory';

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
