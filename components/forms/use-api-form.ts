'use client';

import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api-client';
import { FORM_ERROR, type SummaryError } from '@/components/ui/error-summary';
import type { FormRules } from './form-rules';
import { hasPath, summaryEntries, type FieldMessage } from './summary-entries';
import { useFieldMessage } from './use-field-message';

export type ApiFormOptions = {
  /** A field's error in words (default useFieldMessage()); forms with dates pass useDateFieldMessage(). */
  fieldMessage?: FieldMessage;
  /** Said when the server was not reached, or the rules could not load (default Forms.offline). */
  offlineMessage?: string;
  /**
   * Where the server's error on one of its fields goes: a summary entry, set
   * on the form's field too when the entry's field is one ("fees.standard");
   * null for the general message. By default the form's field of the same
   * path, nested paths included ("companions.0.name_ar"), and the general
   * message for a field the form does not have.
   */
  placeServerError?: (field: string, message: string) => SummaryError | null;
  /**
   * When the fields are checked: 'blur' (as each is left, and on submit; never
   * per keystroke) or 'submit' (the console's forms: on submit only).
   */
  checkOn?: 'blur' | 'submit';
};

/**
 * Every form of the portal: react-hook-form with the form's rules (zod
 * shared with the server, zod-rules.ts, or a plain check, form-rules.ts),
 * and the error summary (components/ui/error-summary.tsx) after each failed
 * attempt, which takes focus: what the checks found, nested fields by their
 * path, or the server's refusal, its field errors put on their fields, or one
 * general message (offline; a 409; any refusal that names no field of the form).
 */
export function useApiForm<T extends FieldValues, Out = T>(rules: FormRules<T, Out> | undefined, defaultValues: DefaultValues<T>, options: ApiFormOptions = {}) {
  const t = useTranslations('Forms');
  const ownMessage = useFieldMessage();
  const message = options.fieldMessage ?? ownMessage;
  const offline = options.offlineMessage ?? t('offline');
  const preload = rules?.preload;
  useEffect(() => {
    if (!preload) return;
    // Once the page is idle, so that the rules never compete with the page itself.
    if (typeof window.requestIdleCallback !== 'function') {
      const id = window.setTimeout(preload, 200);
      return () => window.clearTimeout(id);
    }
    const id = window.requestIdleCallback(preload, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, [preload]);
  const checkOn = options.checkOn === 'submit' ? 'onSubmit' : 'onBlur';
  const form = useForm<T, unknown, Out>({
    resolver: rules,
    defaultValues,
    mode: checkOn,
    reValidateMode: checkOn,
    // The error summary takes focus instead.
    shouldFocusError: false,
  });
  const [attempt, setAttempt] = useState(0);
  // The summary is what the last submit found, not a live list: fixing a field
  // leaves it in place (nothing jumps under the pointer) until the next submit.
  const [summary, setSummary] = useState<SummaryError[]>([]);
  // The fields the server refused at the last attempt: their errors last until the next one.
  const refusedFields = useRef<Path<T>[]>([]);

  function failed(entries: SummaryError[]) {
    setSummary(entries);
    setAttempt((n) => n + 1);
  }

  function refused(error: unknown) {
    if (!(error instanceof ApiClientError)) return failed([{ field: FORM_ERROR, message: offline }]);
    const values = form.getValues();
    const place =
      options.placeServerError ?? ((field: string, text: string) => (hasPath(values, field) ? { field, message: message(field, text) ?? text } : null));
    const fields = Object.entries(error.fields);
    const placed = fields.map(([field, messages]) => place(field, messages[0] ?? ''));
    const entries = placed.filter((entry): entry is SummaryError => entry !== null);
    const onFields = entries.filter((entry) => hasPath(values, entry.field));
    for (const entry of onFields) form.setError(entry.field as Path<T>, { type: 'server', message: entry.message });
    refusedFields.current = onFields.map((entry) => entry.field as Path<T>);
    const general = fields.length === 0 || entries.length < placed.length;
    failed(general ? [{ field: FORM_ERROR, message: error.message }, ...entries] : entries);
  }

  /** The form's submit: checks, clears the last summary, runs the action and reports a failure. */
  function onSubmit(action: (values: Out) => unknown) {
    const submit = form.handleSubmit(
      async (values) => {
        setSummary([]);
        try {
          await action(values);
        } catch (error) {
          refused(error);
        }
      },
      (errors) => failed(summaryEntries(errors, message, (path) => form.getValues(path as Path<T>))),
    );
    return async (event?: BaseSyntheticEvent) => {
      if (refusedFields.current.length) form.clearErrors(refusedFields.current);
      refusedFields.current = [];
      try {
        await submit(event);
      } catch {
        failed([{ field: FORM_ERROR, message: offline }]); // the rules could not load
      }
    };
  }

  // `refused` for an action outside the form's own submit (the review step's "Join the reserve list"): its 422 in the summary.
  return { form, summary, attempt, onSubmit, refused };
}
