import { baseRules as rules, numericText } from '@/lib/validation/rule-checks';
import { confirmationRules, emailRules, passwordRules, currentPasswordRules, type FieldRules, type FormRules } from './sign-in-rules';

// The rules of the recovery and verification forms, shared by the pages
// (checked without zod, like sign-in) and the API's schemas (recovery-schemas.ts).

// Typed in any digits: the Arabic e-mail writes the code in Arabic-Indic ones (docs/DIGITS.md).
export const verificationCodeRules: FieldRules = { rules: [rules.digits(6)], ...numericText };

export const forgotPasswordRules = { fields: { email: emailRules } } satisfies FormRules;

// A new password follows the registration rules.
export const resetPasswordRules = {
  fields: { password: passwordRules, password_confirmation: confirmationRules },
  confirmed: 'password',
} satisfies FormRules;

export const verificationCodeFormRules = { fields: { code: verificationCodeRules } } satisfies FormRules;

export const changeEmailRules = { fields: { email: emailRules, current_password: currentPasswordRules } } satisfies FormRules;
