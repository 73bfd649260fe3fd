import { baseRules as rules, checkText, confirmedCode, DEFAULT_PHONE_COUNTRY, phoneText, type FieldOptions, type Rule } from '@/lib/validation/rule-checks';

// The rules of the account fields, in one place for lib/auth/schemas.ts (the
// zod schemas the API parses with) and for the sign-in and registration forms,
// which check with these directly: no zod and no Hijri calendar on those pages.

export type FieldRules = FieldOptions & { rules: Rule[] };

export const nameRules: FieldRules = { rules: [rules.min(2), rules.max(100)] };
export const emailRules: FieldRules = { rules: [rules.email(), rules.max(254)] };
// A mobile number as written (Saudi when it has no "+"), kept as E.164; see lib/validation/phone.ts.
export const phoneRules: FieldRules = { rules: [rules.phone(DEFAULT_PHONE_COUNTRY)], optional: true, ...phoneText };
export const passwordRules: FieldRules = { rules: [rules.min(8), rules.max(128), rules.password()] };
// Sign-in checks only that something was typed: the password rules are for new passwords.
export const currentPasswordRules: FieldRules = { rules: [rules.max(128)] };
export const confirmationRules: FieldRules = { rules: [] };

/** The fields of a form, each with its rules, and the field that must be typed twice, if any. */
export type FormRules = { fields: Record<string, FieldRules>; confirmed?: string };

export const loginRules = {
  fields: { email: emailRules, password: currentPasswordRules },
} satisfies FormRules;

export const registerRules = {
  fields: {
    name: nameRules,
    email: emailRules,
    phone: phoneRules,
    password: passwordRules,
    password_confirmation: confirmationRules,
  },
  confirmed: 'password',
} satisfies FormRules;

export type FormCheck = {
  /** The values as the API expects them: trimmed, optional ones left empty undefined. */
  values: Record<string, string | undefined>;
  /** A rule code per failed field (lib/validation/rule-code.ts), in the form's order. */
  errors: Record<string, string>;
};

/** Checks a form as its zod schema in lib/auth/schemas.ts does: the same rules, in the same order. */
export async function checkForm({ fields, confirmed }: FormRules, input: Record<string, unknown>): Promise<FormCheck> {
  const values: FormCheck['values'] = {};
  const errors: FormCheck['errors'] = {};
  for (const [name, field] of Object.entries(fields)) {
    const { value, error } = await checkText(input[name], field.rules, field);
    values[name] = value;
    if (error) errors[name] = error;
  }
  if (confirmed) {
    const confirmation = `${confirmed}_confirmation`;
    if (values[confirmed] !== values[confirmation]) errors[confirmation] ??= confirmedCode(confirmed);
  }
  return { values, errors };
}
