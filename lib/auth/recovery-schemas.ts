import { z } from '@/lib/validation/z';
import { confirmed, rules, textField } from '@/lib/validation/rules';
import { changeEmailRules, forgotPasswordRules, resetPasswordRules, verificationCodeRules } from './recovery-rules';

// A link's token: 256 bits in base64url are 43 characters; anything much longer is not one.
const token = textField([rules.max(128)]);

export const forgotPasswordSchema = z.object({ email: textField(forgotPasswordRules.fields.email.rules) });

export const resetPasswordSchema = confirmed(
  z.object({
    token,
    password: textField(resetPasswordRules.fields.password.rules),
    password_confirmation: textField(resetPasswordRules.fields.password_confirmation.rules),
  }),
  'password',
);

/** A link's token… */
export const verifyTokenSchema = z.object({ token });
/** …or the 6-digit code, typed by a signed-in user. */
export const verifyCodeSchema = z.object({ code: textField(verificationCodeRules.rules, verificationCodeRules) });

export const changeEmailSchema = z.object({
  email: textField(changeEmailRules.fields.email.rules),
  current_password: textField(changeEmailRules.fields.current_password.rules),
});

export const emailPreferencesSchema = z.object({ requests: z.boolean(), payments: z.boolean() });
