import { z } from '@/lib/validation/z';
import { confirmed, rules, textField } from '@/lib/validation/rules';
import { routing } from '@/i18n/routing';

// The account forms' rules, shared by the screens and the API.

const name = textField([rules.min(2), rules.max(100)]);
const email = textField([rules.email(), rules.max(254)]);
// Saudi and international mobile numbers: digits with an optional leading +.
const phone = textField([rules.regex(/^\+?\d{8,15}$/)], { optional: true });
const password = textField([rules.min(8), rules.max(128), rules.password()]);
const locale = textField([rules.one_of(routing.locales)]);

export const registerSchema = confirmed(
  z.object({ name, email, phone, password, password_confirmation: textField([]) }),
  'password',
);
export type RegisterInput = z.input<typeof registerSchema>;

// Sign-in checks only that something was typed: the password rules are for new passwords.
export const loginSchema = z.object({ email, password: textField([rules.max(128)]) });
export type LoginInput = z.input<typeof loginSchema>;

export const profileSchema = z.object({
  name,
  phone,
  locale,
});
export type ProfileInput = z.input<typeof profileSchema>;

export const passwordChangeSchema = confirmed(
  z.object({ current_password: textField([rules.max(128)]), password, password_confirmation: textField([]) }),
  'password',
);
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

// Sign-in with another provider: only Google, through a Firebase ID token.
export const SOCIAL_PROVIDERS = ['google'] as const;
export const socialSignInSchema = z.object({
  provider: textField([rules.one_of(SOCIAL_PROVIDERS)]),
  // Firebase ID tokens are about 1 KB; anything far longer is not one.
  id_token: textField([rules.max(8192)]),
});
export type SocialSignInInput = z.input<typeof socialSignInSchema>;
