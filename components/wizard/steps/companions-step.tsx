'use client';

import { useFieldArray } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/lib/i18n/numbers';
import { z } from '@/lib/validation/z';
import { companionsSchema, travelMonthOf } from '@/lib/requests/answers';
import { newPilgrimId } from '@/lib/requests/pilgrim-id';
import type { RequestDetails, RequestTypeInfo } from '@/lib/contract/requests';
import { WizardInvite } from '@/components/families/wizard-invite';
import { Button } from '@/components/ui/button';
import { StepShell } from '../step-shell';
import { PersonFields } from '../person-fields';
import { useStepForm } from '../use-step-form';
import { emptyPerson, type PersonValues } from './applicant-step';
import type { StepProps } from './step-props';

type Companion = PersonValues & { relation: string; pilgrim_id: string };
type Values = { companions: Companion[] };

/** A companion's answers in the form; a new one (or one saved before companions had ids) gets its stable id here. */
function companionOf(saved: unknown): Companion {
  const given = (saved ?? {}) as { relation?: string; pilgrim_id?: unknown };
  return { ...emptyPerson(saved), relation: given.relation ?? '', pilgrim_id: typeof given.pilgrim_id === 'string' && given.pilgrim_id ? given.pilgrim_id : newPilgrimId() };
}

export function CompanionsStep({ draft, type, request, onDone, onBack }: StepProps & { type: RequestTypeInfo; request: RequestDetails }) {
  const t = useTranslations('Wizard');
  const locale = useLocale();
  // Numbers in the page's digits (lib/i18n/formats.ts).
  const count = (value: number) => formatCount(value, locale);
  const applicantNationality = (draft.answers.applicant as { nationality?: unknown } | undefined)?.nationality;
  const saved = Array.isArray(draft.answers.companions) ? draft.answers.companions : [];
  const { form, summary, attempt, submit } = useStepForm<Values>({
    draft,
    step: 'companions',
    // A child's contacts may stay empty: their age is counted on the travel month chosen in the first step.
    schema: z.object({ companions: companionsSchema(type.companion_limit, travelMonthOf(draft.answers)) }),
    defaults: { companions: saved.map(companionOf) },
    toData: (values) => values.companions ?? [],
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'companions' });
  const full = fields.length >= type.companion_limit;

  return (
    <StepShell
      formId="companions"
      title={t('steps.companions')}
      lead={t('companionsLead', { limit: count(type.companion_limit) })}
      summary={summary}
      attempt={attempt}
      onSubmit={submit(onDone)}
      onBack={onBack}
      onBlur={() => void draft.flush()}
      isPending={form.formState.isSubmitting}
    >
      {fields.length === 0 && <p className="rounded-lg bg-sand-100 p-4 text-muted">{t('noCompanions')}</p>}
      <ol className="flex flex-col gap-6">
        {fields.map((field, index) => (
          <li key={field.id}>
            <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
              <legend className="px-1 text-lg font-semibold">{t('companionNumber', { number: count(index + 1) })}</legend>
              <PersonFields
                control={form.control}
                formId="companions"
                prefix={`companions.${index}.`}
                withRelation
                firstCountry={typeof applicantNationality === 'string' ? applicantNationality : undefined}
                onCommit={(name) => void form.trigger(name as `companions.${number}.relation`)}
                onUse={(name, value) => form.setValue(name as `companions.${number}.name_latin`, value, { shouldDirty: true, shouldValidate: true })}
              />
              <Button variant="secondary" className="mt-4" onPress={() => remove(index)}>
                {t('removeCompanion', { number: count(index + 1) })}
              </Button>
            </fieldset>
            {/* Outside the fieldset: the invitation is not an answer of the step (issue 42). */}
            <WizardInvite
              request={request}
              index={index}
              control={form.control}
              travelMonth={travelMonthOf(draft.answers)}
              beforeInvite={async () => {
                draft.update('companions', form.getValues('companions'));
                await draft.flush();
              }}
            />
          </li>
        ))}
      </ol>
      <div>
        <Button variant="secondary" isDisabled={full} onPress={() => append(companionOf({}))}>
          {t('addCompanion')}
        </Button>
        {full && <p className="mt-2 text-sm text-muted">{t('companionLimitReached', { limit: count(type.companion_limit) })}</p>}
      </div>
    </StepShell>
  );
}
