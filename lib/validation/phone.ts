import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import { westernDigits } from './digits';

// Mobile numbers as people write them: with spaces, dashes, dots or brackets,
// with "+" and the country code or nationally with a leading 0 (read in the
// person's country), in any digits. Stored as E.164 (+966501234567), shown in
// the international format (+966 50 123 4567). The "mobile" metadata of
// libphonenumber-js refuses numbers that cannot exist or are no mobile
// numbers; it is loaded only where a phone number is asked (lazily on the
// account pages, with the wizard's answers).

/** What a written phone number may hold besides digits; letters (vanity numbers) and extensions are not mobiles. */
const WRITTEN_PHONE = /^\+?[\d\s\-.()\u00a0]+$/;

/** The country a national number is read in when the person gives none. */
export const DEFAULT_PHONE_COUNTRY = 'SA';

const isCountry = (code: unknown): code is CountryCode => typeof code === 'string' && /^[A-Z]{2}$/.test(code);

/** The E.164 form of a written mobile number, read in `country` when it has no "+"; null when no such mobile can exist. */
export function mobileE164(text: string, country?: unknown): string | null {
  const written = westernDigits(text).trim();
  if (!WRITTEN_PHONE.test(written)) return null;
  const phone = parsePhoneNumberFromString(written, { defaultCountry: isCountry(country) ? country : undefined });
  return phone?.isValid() ? phone.number : null;
}

/** An E.164 number as "+966 50 123 4567"; anything else as it was saved. */
export function internationalPhone(text: string): string {
  const phone = /^\+\d+$/.test(text) ? parsePhoneNumberFromString(text) : undefined;
  return phone?.isValid() ? phone.formatInternational() : text;
}
