'use client';

import { useEffect, useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { ApiClientError } from '@/lib/api-client';
import type { RequestStep } from '@/lib/requests/steps';
import { FORM_ERROR, type SummaryError } from '@/components/ui/error-summary';
import { useFieldMessage } from '@/components/forms/use-field-message';
import { useFormats } from '@/components/requests/use-formats';
import { dateErrorOf } from '@/lib/validation/date-parts';
import type { Draft } from './use-draft';

/**
 * One step's form: its answers autosave on every change (the draft debounces)
 * and at once when a field loses focus; "Continue" checks the step here and on
 * the server, and reports problems in the summary and on the fields.
 */
export function useStepForm<T extends FieldValues>({
  draft,
  step,
  schema,
  defaults,
  toData = (values) => values,
}: {
  draft: Draft;
  step: RequestStep;
  schema: z.ZodType | null;
  defaults: DefaultValues<T>;
  toData?: (values: T) => unknown;
}) {
  const t = useTranslations('Forms');
  // A passport's rule names the day it must reach, in both calendars.
  const message = useFieldMessage(useFormats().hijriAnswer);
  const form = useForm<T>({
    resolver: schema ? (zodResolver(schema as never) as never) : undefined,
    defaultValues: defaults,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    shouldFocusError: false,
  });
  const [summary, setSummary] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const subscription = form.watch((values) => draft.update(step, toData(values as T)));
    return () => subscription.unsubscribe();
    // The draft's functions are stable; the step's form lives as long as the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, step]);

  function failed(errors: SummaryError[]) {
    setSummary(errors);
    setAttempt((n) => n + 1);
  }

  function fromErrors(errors: FieldErrors<T>, prefix = ''): SummaryError[] {
    return Object.entries(errors).flatMap(([field, error]) => {
      if (!error) return [];
      const path = prefix ? `${prefix}.${field}` : field;
      const own = (error as { message?: string }).message;
      // A date that is not a real day is said in the calendar it was typed in, as on the field (form-hijri-date.tsx).
      if (own) return [{ field: path, message: message(path, dateErrorOf(own, form.getValues(path as Path<T>))) ?? own }];
      return fromErrors(error as FieldErrors<T>, path);
    });
  }

  /** "Continue": check here, then on the server; resolves true when the step is done. */
  const submit = (onDone: () => void) =>
    form.handleSubmit(
      async (values) => {
        setSummary([]);
        try {
          await draft.complete(step, toData(values));
          onDone();
        } catch (error) {
          if (!(error instanceof ApiClientError)) return failed([{ field: FORM_ERROR, message: t('offlineSaved') }]);
          if (error.status === 409) return failed([{ field: FORM_ERROR, message: error.message }]);
          const entries = Object.entries(error.fields);
          for (const [field, messages] of entries) form.setError(field as Path<T>, { type: 'server', message: messages[0] });
          failed(entries.length ? entries.map(([field, messages]) => ({ field, message: messages[0] ?? '' })) : [{ field: FORM_ERROR, message: error.message }]);
        }
      },
      (errors) => failed(fromErrors(errors)),
    );

  return { form, summary, attempt, submit };
}
