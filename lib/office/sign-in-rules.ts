import { baseRules as rules } from '@/lib/validation/rule-checks';
export { checkForm } from '@/lib/auth/sign-in-rules';
import { currentPasswordRules, emailRules, nameRules, type FieldRules, type FormRules } from '@/lib/auth/sign-in-rules';
import { resetPasswordRules } from '@/lib/auth/recovery-rules';
import { STAFF_ROLES } from './roles';

// The office's sign-in forms, shared by the console's pages (checked without
// zod, like the pilgrims' sign-in) and its API's schemas (schemas.ts).

/** A 6-digit code from the authenticator app, or a recovery code (10 letters and digits, a dash allowed). */
export const staffCodeRules: FieldRules = { rules: [rules.max(32)] };

export const staffLoginRules = { fields: { email: emailRules, password: currentPasswordRules } } satisfies FormRules;
export const staffCodeFormRules = { fields: { code: staffCodeRules } } satisfies FormRules;
// A staff member's password follows the pilgrims' rules for a new password.
export const staffSetPasswordRules = resetPasswordRules;

export const staffRoleRules: FieldRules = { rules: [rules.one_of(STAFF_ROLES)] };
export const staffNameRules = nameRules;
