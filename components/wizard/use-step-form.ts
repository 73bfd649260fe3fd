'use client';

import { useEffect } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import type { RequestStep } from '@/lib/requests/steps';
import { useApiForm } from '@/components/forms/use-api-form';
import { useDateFieldMessage } from '@/components/forms/use-date-field-message';
import { zodRules } from '@/components/forms/zod-rules';
import type { Draft } from './use-draft';

/**
 * One step's form (useApiForm): its answers autosave on every change (the
 * draft debounces) and at once when a field loses focus; "Continue" checks the
 * step here and on the server, and reports problems in the summary and on the
 * fields. A 409 (the draft changed elsewhere, or the request moved on) names
 * no field: its message is the summary's; answers not sent for want of a
 * connection are kept, and the summary says so.
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
  const { form, summary, attempt, onSubmit } = useApiForm<T>(schema ? zodRules<T>(schema) : undefined, defaults, {
    fieldMessage: useDateFieldMessage(),
    offlineMessage: t('offlineSaved'),
  });

  useEffect(() => {
    const subscription = form.watch((values) => draft.update(step, toData(values as T)));
    return () => subscription.unsubscribe();
    // The draft's functions are stable; the step's form lives as long as the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, step]);

  /** "Continue": check here, then on the server; onDone once the step is done. */
  const submit = (onDone: () => void) =>
    onSubmit(async (values) => {
      await draft.complete(step, toData(values));
      onDone();
    });

  return { form, summary, attempt, submit };
}
