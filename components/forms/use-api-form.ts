'use client';

import { useEffect, useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { ApiClientError } from '@/lib/api-client';
import { FORM_ERROR, type SummaryError } from '@/components/ui/error-summary';
import { useFieldMessage } from './use-field-message';

type Schema<T extends FieldValues> = z.ZodType<unknown, T>;

/**
 * The form's rules: the zod schema itself, or a function that imports it.
 * Public pages (sign-in, registration) pass the import: zod and the shared
 * rules then load just after the page, not with it, and are ready long
 * before the first field loses focus.
 */
export type SchemaSource<T extends FieldValues> = Schema<T> | (() => Promise<Schema<T>>);

/** A resolver that loads its schema once, on first use or when asked to preload. */
function loadingResolver<T extends FieldValues>(source: () => Promise<Schema<T>>) {
  let loading: Promise<Resolver<T>> | undefined;
  const load = () =>
    (loading ??= source().then(
      (schema) => zodResolver(schema as never) as never,
      (error: unknown) => {
        loading = undefined; // offline for a moment: the next check tries again
        throw error;
      },
    ));
  const resolver: Resolver<T> = async (values, context, options) => (await load())(values, context, options);
  return { resolver, preload: () => void load().catch(() => undefined) };
}

/**
 * react-hook-form set up the portal's way: zod rules shared with the server,
 * checked on blur and on submit (never per keystroke), server field errors put
 * on their fields, and what the error summary needs after each failed attempt.
 */
export function useApiForm<T extends FieldValues>(schema: SchemaSource<T>, defaultValues: DefaultValues<T>) {
  const t = useTranslations('Forms');
  const message = useFieldMessage();
  const [rules] = useState(() =>
    typeof schema === 'function'
      ? loadingResolver(schema)
      : // The resolver only checks; the typed values are the user's own answers.
        { resolver: zodResolver(schema as never) as never as Resolver<T>, preload: () => undefined },
  );
  useEffect(() => {
    // Once the page is idle, so that the rules never compete with the page itself.
    if (typeof window.requestIdleCallback !== 'function') return void window.setTimeout(rules.preload, 200);
    const id = window.requestIdleCallback(rules.preload, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, [rules]);
  const form = useForm<T>({
    resolver: rules.resolver,
    defaultValues,
    mode: 'onBlur',
    // The error summary takes focus instead (components/ui/error-summary.tsx).
    shouldFocusError: false,
    reValidateMode: 'onBlur',
  });
  const [attempt, setAttempt] = useState(0);
  // The summary is what the last submit found, not a live list: fixing a field
  // leaves it in place (nothing jumps under the pointer) until the next submit.
  const [summary, setSummary] = useState<SummaryError[]>([]);

  function summarize(errors: FieldErrors<T>, general: string | null): SummaryError[] {
    const fields = Object.entries(errors).flatMap(([field, error]) => {
      const text = message(field, (error as { message?: string } | undefined)?.message);
      return text ? [{ field, message: text }] : [];
    });
    return general ? [{ field: FORM_ERROR, message: general }, ...fields] : fields;
  }

  function failed(errors: FieldErrors<T>, general: string | null) {
    setSummary(summarize(errors, general));
    setAttempt((n) => n + 1);
  }

  /** Wraps the submit: clears the old summary, maps a failure onto the fields. */
  function onSubmit(action: (values: T) => Promise<unknown>) {
    return form.handleSubmit(
      async (values) => {
        setSummary([]);
        try {
          await action(values);
        } catch (error) {
          if (!(error instanceof ApiClientError)) return failed({}, t('offline'));
          const fields = Object.entries(error.fields);
          const serverErrors: FieldErrors<T> = {};
          for (const [field, messages] of fields) {
            if (!(field in values)) continue;
            const fieldError = { type: 'server', message: messages[0] };
            form.setError(field as Path<T>, fieldError);
            (serverErrors as Record<string, unknown>)[field] = fieldError;
          }
          const unplaced = fields.length === 0 || fields.some(([field]) => !(field in values));
          failed(serverErrors, unplaced ? error.message : null);
        }
      },
      (errors) => failed(errors, null),
    );
  }

  return { form, summary, attempt, onSubmit };
}
