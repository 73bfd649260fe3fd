'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { personSchemaFor, travelMonthOf } from '@/lib/requests/answers';
import { useMe } from '@/lib/auth/auth-api';
import type { UserData } from '@/lib/auth/auth-store';
import { StepShell } from '../step-shell';
import { PersonFields } from '../person-fields';
import { useStepForm } from '../use-step-form';
import type { StepProps } from './step-props';

const PERSON_FIELDS = ['name_ar', 'name_latin', 'gender', 'date_of_birth', 'nationality', 'national_id', 'passport_number', 'passport_expiry', 'mobile', 'email'] as const;
export type PersonValues = Record<(typeof PERSON_FIELDS)[number], string>;

export function emptyPerson(saved: unknown): PersonValues {
  const source = (saved ?? {}) as Partial<PersonValues>;
  return Object.fromEntries(PERSON_FIELDS.map((field) => [field, source[field] ?? ''])) as PersonValues;
}

/** What the account already says about the applicant; its name goes where its letters belong. */
const PREFILLED = ['name_ar', 'name_latin', 'mobile', 'email'] as const;
const ARABIC_LETTERS = /^[\u0600-\u06FF\u0750-\u077F\s'-]+$/u;
const LATIN_LETTERS = /^[A-Za-z\s'-]+$/;

/**
 * The applicant's answers to start from: those saved, or, while the name and
 * contacts were never given, those the account holds (issue 40). Only
 * defaults: nothing the pilgrim wrote is replaced, and each stays editable.
 */
function startingApplicant(saved: unknown, account: UserData | undefined): { values: PersonValues; prefilled: boolean } {
  const values = emptyPerson(saved);
  if (!account || PREFILLED.some((field) => values[field].trim() !== '')) return { values, prefilled: false };
  const name = account.name.trim();
  const prefill: Partial<PersonValues> = {
    ...(ARABIC_LETTERS.test(name) ? { name_ar: name } : LATIN_LETTERS.test(name) ? { name_latin: name } : {}),
    ...(account.email ? { email: account.email } : {}),
    ...(account.phone ? { mobile: account.phone } : {}),
  };
  return { values: { ...values, ...prefill }, prefilled: Object.keys(prefill).length > 0 };
}

export function ApplicantStep({ draft, onDone, onBack }: StepProps) {
  const t = useTranslations('Wizard');
  const f = useTranslations('Forms');
  const me = useMe();
  // Read once, when the step opens: later changes to the account do not rewrite the form.
  const [start] = useState(() => startingApplicant(draft.answers.applicant, me.data));
  // The passport is measured against the travel month chosen in the first step.
  const [schema] = useState(() => personSchemaFor(travelMonthOf(draft.answers)));
  const { form, summary, attempt, submit } = useStepForm<PersonValues>({
    draft,
    step: 'applicant',
    schema,
    defaults: start.values,
  });
  return (
    <StepShell
      formId="applicant"
      title={t('steps.applicant')}
      lead={t('applicantLead')}
      summary={summary}
      attempt={attempt}
      onSubmit={submit(onDone)}
      onBack={onBack}
      onBlur={() => void draft.flush()}
      isPending={form.formState.isSubmitting}
    >
      {start.prefilled && <p className="rounded-lg bg-sand-100 p-3 text-sm text-ink">{f('prefilled')}</p>}
      <PersonFields
        control={form.control}
        formId="applicant"
        onCommit={(name) => void form.trigger(name as keyof PersonValues)}
        onUse={(name, value) => form.setValue(name as keyof PersonValues, value, { shouldDirty: true, shouldValidate: true })}
      />
    </StepShell>
  );
}
