/**
 * The Intl locale for numbers on a page. Arabic pages count in Arabic digits:
 * plain 'ar' now defaults to Latin digits in ICU, so the numbering is explicit.
 */
export function numberLocale(locale: string): string {
  return locale === 'ar' ? 'ar-SA-u-nu-arab' : 'en-US';
}
