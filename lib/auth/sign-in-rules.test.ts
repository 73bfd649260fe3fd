import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { loginSchema, registerSchema } from './schemas';
import { checkForm, loginRules, registerRules, type FormRules } from './sign-in-rules';

// The sign-in and registration forms check with sign-in-rules.ts alone (no zod
// on their pages); the API parses with the zod schemas. Both must agree.

/** What the zod schema makes of the input: the first issue per field, or the parsed values. */
async function bySchema(schema: z.ZodType, input: Record<string, unknown>) {
  const result = await schema.safeParseAsync(input);
  if (result.success) return { values: result.data as Record<string, unknown>, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { values: null, errors };
}

async function byRules(rules: FormRules, input: Record<string, unknown>) {
  const { values, errors } = await checkForm(rules, input);
  // zod leaves out a missing optional key; the form always has every key.
  const present = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  return { values: Object.keys(errors).length ? null : present, errors };
}

const PASSWORD = 'Labbaik#2026';
const text = fc.oneof(
  fc.constantFrom('', ' ', 'a', 'Aisha Rahman', '  Aisha  ', 'عائشة الرحمن', 'not-an-email', 'aisha@example.com', ' aisha@example.com ', 'a@b', `${'x'.repeat(250)}@example.com`),
  fc.constantFrom(PASSWORD, ` ${PASSWORD} `, 'labbaik#2026', 'Labbaik2026', 'Short#1', 'x'.repeat(129), '+966501234567', '0501234567', '12345', '+96650123456789012', '٠٥٠ ١٢٣ ٤٥٦٧', '(050) 123-4567', '+12345678'),
  fc.string({ maxLength: 20 }),
  fc.constant(undefined),
);

function inputOf(fields: string[]) {
  return fc.record(Object.fromEntries(fields.map((field) => [field, text])) as Record<string, typeof text>, { requiredKeys: [] });
}

describe('the sign-in forms check as the API does', () => {
  it('login', async () => {
    await fc.assert(
      fc.asyncProperty(inputOf(Object.keys(loginRules.fields)), async (input) => {
        expect(await byRules(loginRules, input)).toEqual(await bySchema(loginSchema, input));
      }),
      { numRuns: 400 },
    );
  });

  it('registration, with the confirmation', async () => {
    const fields = Object.keys(registerRules.fields);
    const matching = fc.constantFrom(PASSWORD, ' Labbaik#2026', 'abc', '').map((password) => ({ password, password_confirmation: password }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(inputOf(fields), fc.tuple(inputOf(fields), matching).map(([rest, pair]) => ({ ...rest, ...pair }))), async (input) => {
        expect(await byRules(registerRules, input)).toEqual(await bySchema(registerSchema, input));
      }),
      { numRuns: 600 },
    );
  });

  it('a complete registration passes with trimmed values and no empty phone', async () => {
    const input = { name: ' Aisha Rahman ', email: 'aisha@example.com', phone: '', password: PASSWORD, password_confirmation: PASSWORD };
    const { values, errors } = await checkForm(registerRules, input);
    expect(errors).toEqual({});
    expect(values).toEqual({ name: 'Aisha Rahman', email: 'aisha@example.com', phone: undefined, password: PASSWORD, password_confirmation: PASSWORD });
  });
});
