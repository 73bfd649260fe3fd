import type { FLAGGABLE } from './queue-schemas';

// Ready-made reasons a reviewer picks for a flagged field (issue 41, item 8), so the
// pilgrim reads the same clear sentence in their own language whoever reviewed it.
// Each code's text is `ChangeReasons.<code>` in messages/en.json and messages/ar.json:
// the console shows it in the member's language, the e-mail and notification in the pilgrim's.
type Flaggable = (typeof FLAGGABLE)[number];

const NAME = ['name_mismatch_passport', 'name_spelling'] as const;
const DOCUMENT = ['scan_unreadable', 'scan_cut_off', 'scan_wrong_document'] as const;

export const CHANGE_REASONS = {
  name_ar: NAME,
  name_latin: NAME,
  date_of_birth: ['date_mismatch_passport'],
  gender: ['gender_mismatch_passport'],
  nationality: ['nationality_mismatch_passport'],
  national_id: ['national_id_invalid', 'national_id_mismatch'],
  passport_number: ['passport_number_mismatch'],
  passport_expiry: ['passport_expires_too_soon', 'date_mismatch_passport'],
  mobile: ['mobile_unreachable'],
  email: ['email_unreachable'],
  passport: ['passport_page_unreadable', ...DOCUMENT],
  photo: ['photo_not_compliant', 'photo_unclear'],
} as const satisfies Record<Flaggable, readonly string[]>;

export type ChangeReason = (typeof CHANGE_REASONS)[Flaggable][number];

export const ALL_CHANGE_REASONS: readonly ChangeReason[] = [...new Set(Object.values(CHANGE_REASONS).flat())];

export function isChangeReason(field: Flaggable, code: string): code is ChangeReason {
  return (CHANGE_REASONS[field] as readonly string[]).includes(code);
}
