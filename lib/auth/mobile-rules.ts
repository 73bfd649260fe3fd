import { phoneRules, type FieldRules } from './sign-in-rules';
import { verificationCodeRules } from './recovery-rules';

// Confirming the account's mobile number (issue 62, item 2): the number as people write it, in either digit style
// (kept as E.164, Saudi when it has no "+"), then the 6-digit code texted to it, in either digit style. The forms'
// rules without zod (the API's schemas are in mobile-schemas.ts).
export const mobileRules: FieldRules = { ...phoneRules, optional: false };
export const mobileFormRules = { fields: { mobile: mobileRules } };
export const mobileCodeFormRules = { fields: { code: verificationCodeRules } };
