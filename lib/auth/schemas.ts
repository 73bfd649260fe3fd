import { z } from '@/lib/validation/z';
import { confirmed, rules, textField } from '@/lib/validation/rules';
import { routing } from '@/i18n/routing';
import { DEVICE_TOKEN } from '@/lib/push/schemas';
import { confirmationRules, currentPasswordRules, emailRules, nameRules, passwordRules, phoneRules, registerRules } from './sign-in-rules';

// The account forms' rules, shared by the screens and the API. The rules of
// the fields themselves are in sign-in-rules.ts, which the sign-in and
// registration forms use without zod.

const name = textField(nameRules.rules);
const email = textField(emailRules.rules);
const phone = textField(phoneRules.rules, { ...phoneRules, optional: true });
const password = textField(passwordRules.rules);
const locale = textField([rules.one_of(routing.locales)]);

/**
 * Where the pilgrim was going when they chose to register ("Start your request" → the application form): the
 * confirmation e-mail's link leads back there. Not a field of the form: anything but a page of this site is dropped
 * (lib/auth/return-path.ts, on the server), never refused.
 */
const next = z.string().max(2048).optional().catch(undefined);

// The same fields as registerRules and loginRules (sign-in-rules.test.ts checks that both agree), and `next`.
export const registerSchema = confirmed(
  z.object({ name, email, phone, password, password_confirmation: textField(confirmationRules.rules), next }),
  registerRules.confirmed,
);
export type RegisterInput = z.input<typeof registerSchema>;

// Sign-in checks only that something was typed: the password rules are for new passwords.
export const loginSchema = z.object({ email, password: textField(currentPasswordRules.rules) });
export type LoginInput = z.input<typeof loginSchema>;

export const profileSchema = z.object({
  name,
  phone,
  locale,
});
export type ProfileInput = z.input<typeof profileSchema>;

/**
 * PATCH /me checks only the fields sent: a field left out stays as it is, so a
 * client may change the name alone. A field sent empty is checked like any
 * other (an empty name is refused; an empty mobile clears it).
 */
export const PROFILE_FIELDS = ['name', 'phone', 'locale'] as const;
export function profileUpdateSchema(body: Record<string, unknown>) {
  const sent = PROFILE_FIELDS.filter((field) => Object.hasOwn(body, field));
  return profileSchema.pick(Object.fromEntries(sent.map((field) => [field, true])) as Record<(typeof PROFILE_FIELDS)[number], true>);
}
export type ProfileUpdate = { name?: string; phone?: string | null; locale?: string };

export const passwordChangeSchema = confirmed(
  z.object({ current_password: textField(currentPasswordRules.rules), password, password_confirmation: textField(confirmationRules.rules) }),
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

/** Linking Google from the profile: a fresh Firebase ID token. */
export const googleLinkSchema = z.object({ id_token: textField([rules.max(8192)]) });

/** POST /auth/logout: a token that cannot be a device's is ignored, so that signing out never fails because of it. */
export const logoutSchema = z.object({ device_token: z.string().regex(DEVICE_TOKEN).optional().catch(undefined) });
