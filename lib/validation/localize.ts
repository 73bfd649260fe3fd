import type { ZodError } from 'zod';
import { formatCount } from '@/lib/i18n/numbers';
import { decodeRule } from './rule-code';

/** The part of a next-intl translator (root namespace) that localizing needs. */
export type Translate = {
  (key: string, values?: Record<string, string | number>): string;
  has: (key: string) => boolean;
};

export type FieldErrors = Record<string, string[]>;

/**
 * Writes a Hijri DD-MM-YYYY in words in both calendars, e.g. for the day a
 * passport must reach (lib/i18n/formats.ts hijriAnswer). Passed in by
 * the callers that may meet such a rule, so that the sign-in pages, which use
 * this file too, carry no calendar.
 */
export type HijriDates = (text: string) => { hijri: string; gregorian: string } | null;

/** A field's localized label, from `Fields.{name}`; the last named part of a nested path. */
export function fieldLabel(path: readonly PropertyKey[], t: Translate): string {
  const name = [...path].reverse().find((part): part is string => typeof part === 'string') ?? 'value';
  return t.has(`Fields.${name}`) ? t(`Fields.${name}`) : name;
}

/** The companion (0-based) a path is inside, e.g. `companions.1.mobile` → 1; null when none. */
function companionOf(path: readonly PropertyKey[]): number | null {
  return path.length > 2 && path[0] === 'companions' && /^\d+$/.test(String(path[1])) ? Number(path[1]) : null;
}

/**
 * One localized sentence for one failed rule, saying what to do. A field may
 * have its own sentence for a rule (`ValidationFor.{field}.{rule}`, e.g. the
 * mobile number's example); otherwise the rule's own (`Validation.{rule}`).
 * Numbers are written in the page's digits; a companion's field is named with
 * the companion ("Companion 2: …"), so that the error summary says whose it is.
 */
export function ruleMessage(message: string, path: readonly PropertyKey[], t: Translate, locale = 'en', dates?: HijriDates): string {
  const rule = decodeRule(message);
  let text: string;
  if (!rule) {
    text = t('Validation.invalid', { field: fieldLabel(path, t) });
  } else {
    const name = [...path].reverse().find((part): part is string => typeof part === 'string' && !/^\d+$/.test(part));
    const target = typeof rule.params.target === 'string' ? fieldLabel([rule.params.target], t) : undefined;
    const params: Record<string, string | number> = Object.fromEntries(Object.entries(rule.params).map(([key, value]) => [key, typeof value === 'number' ? formatCount(value, locale) : value]));
    // A date parameter (Hijri DD-MM-YYYY) is said in both calendars: `date_gregorian` and `date_hijri`.
    if (typeof rule.params.date === 'string') {
      const both = dates?.(rule.params.date);
      params.date_gregorian = both?.gregorian ?? rule.params.date;
      params.date_hijri = both?.hijri ?? rule.params.date;
    }
    const own = `ValidationFor.${name}.${rule.name}`;
    text = t(name && t.has(own) ? own : `Validation.${rule.name}`, { ...params, field: target ?? fieldLabel(path, t) });
  }
  const companion = companionOf(path);
  if (companion === null) return text;
  // "Companion 2: enter a date of birth": the sentence goes on after the colon (a word in capitals stays).
  const goesOn = /^\p{Lu}\p{Ll}/u.test(text) ? text[0]!.toLocaleLowerCase(locale) + text.slice(1) : text;
  return t('Validation.companion', { number: formatCount(companion + 1, locale), message: goesOn });
}

/** Every issue of a failed parse, localized and grouped by field path (`a.b.0.c`). */
export function localizeIssues(error: ZodError, t: Translate, locale = 'en', dates?: HijriDates): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(ruleMessage(issue.message, issue.path, t, locale, dates));
  }
  return fields;
}
