'use client';

import { useEffect, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api-client';
import type { FormCheck } from '@/lib/auth/sign-in-rules';
import { FORM_ERROR, type SummaryError } from '@/components/ui/error-summary';
import { useFieldMessage } from '@/components/forms/use-field-message';

/** Checks the form's values (lib/auth/sign-in-rules.ts). */
export type CheckForm = (values: Record<string, string>) => Promise<FormCheck>;

/** Loads the check once, on first use or when preloaded; a failed load is tried again next time. */
function checkLoader(source: () => Promise<CheckForm>) {
  let loading: Promise<CheckForm> | undefined;
  const load = () =>
    (loading ??= source().catch((error: unknown) => {
      loading = undefined; // offline for a moment: the next check tries again
      throw error;
    }));
  return { load, preload: () => void load().catch(() => undefined) };
}

/** Leaving a field for its form's submit button: the submit checks everything. */
function leavesForSubmit(event: FocusEvent<HTMLInputElement>) {
  const next = event.relatedTarget as HTMLElement | null;
  return next?.getAttribute('type') === 'submit' && next.closest('form') === event.target.closest('form');
}

/**
 * The sign-in and registration forms' state: what useApiForm (react-hook-form
 * and zod) does for the other forms, made small for these public pages. The
 * same behaviour: fields checked on blur and on submit (never per keystroke),
 * messages in the page's language, server field errors put on their fields, an
 * error summary after each failed attempt, and what was typed kept. The rules
 * load when the page is idle, or at the first check if that comes first.
 */
export function useSignInForm<F extends string>(source: () => Promise<CheckForm>, initial: Record<F, string>) {
  const t = useTranslations('Forms');
  const message = useFieldMessage();
  const [rules] = useState(() => checkLoader(source));
  useEffect(() => {
    // Once the page is idle, so that the rules never compete with the page itself.
    if (typeof window.requestIdleCallback !== 'function') return void window.setTimeout(rules.preload, 200);
    const id = window.requestIdleCallback(rules.preload, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, [rules]);

  const [values, setValues] = useState(initial);
  /** Per field: a rule code, or a sentence the server already localized. */
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [attempt, setAttempt] = useState(0);
  // The summary is what the last submit found, not a live list: fixing a field
  // leaves it in place (nothing jumps under the pointer) until the next submit.
  const [summary, setSummary] = useState<SummaryError[]>([]);

  function failed(fieldErrors: Partial<Record<F, string>>, general: string | null) {
    const fields = Object.entries(fieldErrors).flatMap(([field, error]) => {
      const text = message(field, error as string | undefined);
      return text ? [{ field, message: text }] : [];
    });
    setSummary(general ? [{ field: FORM_ERROR, message: general }, ...fields] : fields);
    setAttempt((n) => n + 1);
  }

  async function check(): Promise<FormCheck | null> {
    try {
      return await (await rules.load())(values);
    } catch {
      return null; // the rules could not load: offline
    }
  }

  /** Checks one field as it loses focus; the others keep what they show. */
  async function checkField(name: F) {
    const result = await check();
    if (!result) return;
    const error = result.errors[name];
    setErrors((current) => {
      const next = { ...current };
      if (error) next[name] = error;
      else delete next[name];
      return next;
    });
  }

  /** What a text field needs: its value, its handlers and its message. */
  function field(name: F) {
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
      },
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        // Checking now would move the button under the pointer (a message
        // appearing or going) and the click would be lost.
        if (!leavesForSubmit(event)) void checkField(name);
      },
      error: message(name, errors[name]),
    };
  }

  /** The form's submit: checks everything, then runs the action and maps a failure onto the fields. */
  function onSubmit(action: (values: FormCheck['values']) => Promise<unknown>) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const result = await check();
      if (!result) return failed({}, t('offline'));
      const fieldErrors = result.errors as Partial<Record<F, string>>;
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) return failed(fieldErrors, null);
      setSummary([]);
      try {
        await action(result.values);
      } catch (error) {
        if (!(error instanceof ApiClientError)) return failed({}, t('offline'));
        const fields = Object.entries(error.fields);
        const serverErrors: Partial<Record<F, string>> = {};
        for (const [name, messages] of fields) if (name in initial) serverErrors[name as F] = messages[0];
        setErrors(serverErrors);
        const unplaced = fields.length === 0 || fields.some(([name]) => !(name in initial));
        failed(serverErrors, unplaced ? error.message : null);
      }
    };
  }

  return { field, summary, attempt, onSubmit };
}
