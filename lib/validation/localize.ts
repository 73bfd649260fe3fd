import type { ZodError } from 'zod';
import { decodeRule } from './rule-code';

/** The part of a next-intl translator (root namespace) that localizing needs. */
export type Translate = {
  (key: string, values?: Record<string, string | number>): string;
  has: (key: string) => boolean;
};

export type FieldErrors = Record<string, string[]>;

/** A field's localized label, from `Fields.{name}`; the last named part of a nested path. */
export function fieldLabel(path: readonly PropertyKey[], t: Translate): string {
  const name = [...path].reverse().find((part): part is string => typeof part === 'string') ?? 'value';
  return t.has(`Fields.${name}`) ? t(`Fields.${name}`) : name;
}

/** One localized sentence for one failed rule. */
export function ruleMessage(message: string, path: readonly PropertyKey[], t: Translate): string {
  const rule = decodeRule(message);
  if (!rule) return t('Validation.invalid', { field: fieldLabel(path, t) });
  const target = typeof rule.params.target === 'string' ? fieldLabel([rule.params.target], t) : undefined;
  return t(`Validation.${rule.name}`, {
    ...rule.params,
    field: target ?? fieldLabel(path, t),
  });
}

/** Every issue of a failed parse, localized and grouped by field path (`a.b.0.c`). */
export function localizeIssues(error: ZodError, t: Translate): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(ruleMessage(issue.message, issue.path, t));
  }
  return fields;
}
