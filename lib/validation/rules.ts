import { z } from '@/lib/validation/z';
import { isHijriDate } from './hijri';
import { baseRules, checkText, confirmedCode, firstFailure, str, textValue, type FieldOptions, type Rule } from './rule-checks';
import { encodeRule } from './rule-code';

// The validation rules of DESIGN section 5, shared by the client forms and the
// server. A failed rule becomes a zod issue whose message is a code (the rule
// and its parameters); lib/validation/localize.ts turns it into a sentence in
// the reader's language that names the field by its localized label. The
// checks themselves live in rule-checks.ts (no zod there).

export { decodeRule, encodeRule, type RuleName, type RuleParams } from './rule-code';
export { imageSize, numericText, phoneText, type Rule } from './rule-checks';

export const rules = {
  ...baseRules,
  hijri_date_format: (): Rule => ({ name: 'hijri_date_format', check: (value) => isHijriDate(str(value)) }),
} as const;

/**
 * A text field checked by rules in order; the first that fails is reported.
 * Values are trimmed; an optional field left empty becomes undefined.
 */
type TextInput = string | number | null | undefined;
export function textField(list: Rule[]): z.ZodType<string, TextInput>;
export function textField(list: Rule[], options: FieldOptions & { optional: true }): z.ZodType<string | undefined, TextInput>;
export function textField(list: Rule[], options: FieldOptions): z.ZodType<string, TextInput>;
export function textField(list: Rule[], options: FieldOptions = {}): z.ZodType<string | undefined, TextInput> {
  const { optional = false, prepare } = options;
  return z
    .union([z.string(), z.number(), z.null()])
    // Optional at the key level too, so that a missing key reaches the rules (required).
    .optional()
    .transform((raw) => (prepare ? prepare(textValue(raw)) : textValue(raw)))
    .superRefine(async (value, ctx) => {
      const { error } = await checkText(value, list, { optional, prepare });
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    // Only once every rule passed (a failed check stops here): the value as the field keeps it.
    .transform(async (value) => (optional && value === '' ? undefined : options.finish ? await options.finish(value) : value))
    // What the rules say in JSON Schema terms, for the API's document (lib/server/openapi/json-schema.ts).
    .meta(fieldDoc(list, optional));
}

/** A text field's rules as JSON Schema words: an enum, lengths, bounds, a format; its rules by name; whether it is required. */
function fieldDoc(list: Rule[], optional: boolean): Record<string, unknown> {
  return { ...Object.assign({}, ...list.map((rule) => rule.doc ?? {})), 'x-rules': list.map((rule) => rule.name), 'x-required': !optional };
}

/** A file field checked by rules in order. */
export function fileField(list: Rule[], { optional = false }: FieldOptions = {}) {
  const all = optional ? list : [rules.required(), ...list];
  // The transform makes zod run the rules for a missing key too (required).
  return z.unknown().optional().transform((value) => value).superRefine(async (value, ctx) => {
    if (optional && (value === undefined || value === null || value === '')) return;
    const failed = await firstFailure(value, all);
    if (failed) ctx.addIssue({ code: 'custom', message: encodeRule(failed.name, failed.params) });
  }) as z.ZodType<File | undefined>;
}

/** Adds the confirmed rule: `${field}_confirmation` must equal `field`. */
export function confirmed<T extends z.ZodType<Record<string, unknown>>>(schema: T, field: string) {
  const confirmation = `${field}_confirmation`;
  return schema.superRefine((values, ctx) => {
    if (values[field] !== values[confirmation]) {
      ctx.addIssue({ code: 'custom', path: [confirmation], message: confirmedCode(field) });
    }
  });
}
