'use client';

import { useTranslations } from 'next-intl';
import { personSchema } from '@/lib/requests/answers';
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

export function ApplicantStep({ draft, onDone, onBack }: StepProps) {
  const t = useTranslations('Wizard');
  const { form, summary, attempt, submit } = useStepForm<PersonValues>({
    draft,
    step: 'applicant',
    schema: personSchema,
    defaults: emptyPerson(draft.answers.applicant),
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
      <PersonFields control={form.control} formId="applicant" onCommit={(name) => void form.trigger(name as keyof PersonValues)} />
    </StepShell>
  );
}
