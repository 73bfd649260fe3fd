import { countryName } from '@/lib/i18n/formats';

// ISO 3166-1 alpha-2 codes; named in the page language by the formatting module (countryName).
export const COUNTRY_CODES = (
  'AE AF AL AM AO AR AT AU AZ BA BD BE BF BG BH BI BJ BN BO BR BT BW BY BZ CA CD CF CG CH CI CL CM CN CO CR CU CV CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FR GA GB GE GH GM GN GQ GR GT GW GY HN HR HT HU ID IE IN IQ IR IS IT JM JO JP KE KG KH KM KN KR KW KZ LA LB LK LR LS LT LU LV LY MA MD ME MG MK ML MM MN MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NZ OM PA PE PG PH PK PL PS PT PY QA RO RS RU RW SA SB SC SD SE SG SI SK SL SN SO SR SS SV SY SZ TD TG TH TJ TL TM TN TR TT TW TZ UA UG US UY UZ VE VN YE ZA ZM ZW'
).split(' ');

export type CountryOption = { value: string; label: string; /** Both names, ready to search (searchKey). */ keys: string[] };

/**
 * Text as it is compared when searching: lower case, no accents, and the
 * Arabic letters that are often typed one for another made one (أ إ آ → ا,
 * ى → ي, ة → ه), without tashkeel or tatweel.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .toLocaleLowerCase('en')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .trim();
}

/** The starts a name can be found by: the whole name, each word, and each Arabic word without its "ال". */
function startsOf(name: string): string[] {
  const key = searchKey(name);
  const words = key.split(/[\s\-‐'’(),.]+/).filter(Boolean);
  return [key, ...words, ...words.filter((word) => word.startsWith('ال') && word.length > 3).map((word) => word.slice(2))];
}

/**
 * The countries in the page language, sorted by name; each can be found by its
 * English or its Arabic name. `first`, when given (the applicant's nationality
 * for a companion), leads the list.
 */
export function countryOptions(locale: string, first?: string): CountryOption[] {
  const collator = new Intl.Collator(locale);
  const options = COUNTRY_CODES.map((code) => ({
    value: code,
    label: countryName(code, locale),
    keys: [searchKey(code), ...startsOf(countryName(code, 'en')), ...startsOf(countryName(code, 'ar'))],
  })).sort((a, b) => collator.compare(a.label, b.label));
  const leading = options.findIndex((option) => option.value === first);
  return leading > 0 ? [options[leading]!, ...options.slice(0, leading), ...options.slice(leading + 1)] : options;
}

/** Whether a country is found by what was typed: a name, or a word of it, starting with those letters. */
export function countryMatches(option: CountryOption, typed: string): boolean {
  const query = searchKey(typed);
  return query === '' || option.keys.some((key) => key.startsWith(query));
}
