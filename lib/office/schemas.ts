import { z } from '@/lib/validation/z';
import { confirmed, rules, textField } from '@/lib/validation/rules';
import { emailRules } from '@/lib/auth/sign-in-rules';
import { staffCodeRules, staffLoginRules, staffNameRules, staffRoleRules, staffSetPasswordRules } from './sign-in-rules';

// The office console's sign-in API (the rules: sign-in-rules.ts).

// A challenge or a link's token: 256 bits in base64url are 43 characters.
const token = textField([rules.max(128)]);

export const staffLoginSchema = z.object({
  email: textField(staffLoginRules.fields.email.rules),
  password: textField(staffLoginRules.fields.password.rules),
});
export type StaffLoginInput = z.input<typeof staffLoginSchema>;

/** The second step: the challenge the password step answered, and a code. */
export const staffCodeSchema = z.object({ challenge: token, code: textField(staffCodeRules.rules) });
export type StaffCodeInput = z.input<typeof staffCodeSchema>;

export const staffSetPasswordSchema = confirmed(
  z.object({
    token,
    password: textField(staffSetPasswordRules.fields.password.rules),
    password_confirmation: textField(staffSetPasswordRules.fields.password_confirmation.rules),
  }),
  'password',
);
export type StaffSetPasswordInput = z.input<typeof staffSetPasswordSchema>;

/** POST /ops/staff (and `npm run staff -- add`): a new member, who sets a password through the link answered. */
export const addStaffSchema = z.object({
  email: textField(emailRules.rules),
  name: textField(staffNameRules.rules),
  role: textField(staffRoleRules.rules),
});
export type AddStaffInput = z.input<typeof addStaffSchema>;
