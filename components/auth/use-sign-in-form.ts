'use client';

import { useState, type FocusEvent } from 'react';
import type { FormCheck } from '@/lib/auth/sign-in-rules';
import { checkRules, lazyRules } from '@/components/forms/form-rules';
import { leavesForSubmit } from '@/components/forms/leaves-for-submit';
import { useApiForm } from '@/components/forms/use-api-form';
import { useFieldMessage } from '@/components/forms/use-field-message';

/** Checks the form's values (lib/auth/sign-in-rules.ts). */
export type CheckForm = (values: Record<string, string>) => Promise<FormCheck>;

/**
 * The sign-in and registration forms (and the other forms of plain fields,
 * sign-in-field.tsx): useApiForm with the lightweight rules, which the page
 * imports once it is idle (source), and no zod or react-aria, for these pages'
 * budget. `field(name)` is what a SignInField needs: its input's handlers and
 * its message.
 */
export function useSignInForm<F extends string>(source: () => Promise<CheckForm>, initial: Record<F, string>) {
  const [rules] = useState(() => lazyRules(() => source().then((check) => checkRules<Record<string, string>, FormCheck['values']>(check))));
  const { form, summary, attempt, onSubmit } = useApiForm<Record<string, string>, FormCheck['values']>(rules, initial);
  const message = useFieldMessage();

  function field(name: F) {
    const { ref, onChange, onBlur } = form.register(name);
    return {
      name,
      ref,
      onChange,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        // The rules could not load (offline): the field says nothing until the submit, which says so.
        if (!leavesForSubmit(event)) void onBlur(event).catch(() => undefined);
      },
      error: message(name, form.formState.errors[name]?.message),
    };
  }

  return { field, summary, attempt, onSubmit };
}
