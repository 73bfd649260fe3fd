import { westernDigits } from './digits';

// A passport number as passports print it: Latin capitals and Western digits
// (the machine-readable zone has no lower case). Typed in lower case or in
// Arabic-Indic digits, it is the same number: the field shows it in capitals
// when the pilgrim leaves it, and a finished step keeps it so (docs/ANSWERS.md).

/** The passport number in capitals and Western digits; anything else is left for the rules. */
export function passportNumberOf(text: string): string {
  return westernDigits(text).replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/** How the applicant's and companions' passport number field reads its text. */
export const passportNumberText = { prepare: passportNumberOf } as const;
