import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';

/**
 * What checks a form for useApiForm: a react-hook-form resolver, from zod
 * (zod-rules.ts) or from a plain check (checkRules below), and optionally a
 * way to load it ahead of its first use (lazyRules).
 */
export type FormRules<T extends FieldValues, Out = T> = Resolver<T, unknown, Out> & { preload?: () => void };

/**
 * A plain check's answer: per failed field (its path, "fees.standard") a rule
 * code (lib/validation/rule-code.ts) or a sentence already in the page's
 * language, in the form's order; and the values to send when none failed.
 */
export type CheckResult<Out> = { values: Out; errors: Partial<Record<string, string>> };

/**
 * Rules written as a function, without zod: the sign-in pages' lightweight
 * rules (lib/auth/sign-in-rules.ts), which keep zod out of their first load,
 * and the console's own checks (a fee that is money, a date that is a day).
 */
export function checkRules<T extends FieldValues, Out = T>(check: (values: T) => CheckResult<Out> | Promise<CheckResult<Out>>): FormRules<T, Out> {
  return async (values) => {
    const result = await check(values);
    const failed = Object.entries(result.errors).filter((entry): entry is [string, string] => entry[1] !== undefined);
    if (failed.length === 0) return { values: result.values, errors: {} };
    const errors: FieldErrors<T> = {};
    for (const [path, message] of failed) set(errors, path, { type: 'rule', message });
    return { values: {}, errors };
  };
}

/**
 * Rules imported when first needed: the page loads without them, and
 * useApiForm asks for them once the page is idle, long before the first field
 * loses focus. Made once per form (at module scope, or in a useState), so that
 * they load once; a failed load (offline for a moment) is tried again next time.
 */
export function lazyRules<T extends FieldValues, Out = T>(load: () => Promise<FormRules<T, Out>>): FormRules<T, Out> {
  let loading: Promise<FormRules<T, Out>> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const rules: FormRules<T, Out> = async (values, context, options) => (await loaded())(values, context, options);
  rules.preload = () => void loaded().catch(() => undefined);
  return rules;
}
