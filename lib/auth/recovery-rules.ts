import { baseRules as rules } from '@/lib/validation/rule-checks';
import { confirmationRules, emailRules, passwordRules, currentPasswordRules, type FieldRules, type FormRules } from './sign-in-rules';

// The rules of the recovery and verification forms, shared by the pages
// (checked without zod, like sign-in) and the API's schemas (recovery-schemas.ts).

export const verificationCodeRules: FieldRules = { rules: [rules.digits(6)] };

export const forgotPasswordRules = { fields: { email: emailRules } } satisfies FormRules;

// A new password follows the registration rules.
export const resetPasswordRules = {
  fields: { password: passwordRules, password_confirmation: confirmationRules },
  confirmed: 'password',
} satisfies FormRules;

export const verificationCodeFormRules = { fields: { code: verificationCodeRules } } satisfies FormRules;

export const changeEmailRules = { fields: { email: emailRules, current_password: currentPasswordRules } } satisfies FormRules;
