'use client';

import { Form } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { companionSchemaFor } from '@/lib/requests/answers';
import type { SharedRequest } from '@/lib/contract/families';
import { useSaveSharedAnswers } from '@/lib/families/families-api';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { useApiForm } from '@/components/forms/use-api-form';
import { useDateFieldMessage } from '@/components/forms/use-date-field-message';
import { zodRules } from '@/components/forms/zod-rules';
import { FlaggedContext } from '@/components/wizard/flagged';
import { PersonFields } from '@/components/wizard/person-fields';
import { emptyPerson, type PersonValues } from '@/components/wizard/steps/applicant-step';

const FORM_ID = 'shared-answers';
type Values = PersonValues & { relation: string };

const valuesOf = (answers: Record<string, unknown>): Values => ({ ...emptyPerson(answers), relation: typeof answers.relation === 'string' ? answers.relation : '' });

/**
 * The companion's own answers, checked as the companions step checks them
 * (their relation to the applicant is the applicant's, and not asked here).
 * Saved with "Save my details"; what the office asked to change is marked.
 */
export function SharedAnswersForm({ request }: { request: SharedRequest }) {
  const t = useTranslations('Families');
  const save = useSaveSharedAnswers(request.id);
  const { form, summary, attempt, onSubmit } = useApiForm<Values>(zodRules<Values>(companionSchemaFor(request.travel_month ?? undefined)), valuesOf(request.answers), {
    fieldMessage: useDateFieldMessage(),
  });
  const submit = onSubmit(async (values) => {
    const saved = await save.mutateAsync({ answers: values, version: request.version });
    form.reset(valuesOf(saved.answers));
  });
  // The fields are named as the applicant's (no prefix): the office's marks for this companion are put there.
  const flags = { flagged: { applicant: request.flagged ?? [] }, notes: { applicant: request.flag_notes ?? {} } };

  return (
    <FlaggedContext.Provider value={flags}>
      <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4" aria-labelledby="own-answers">
        <ErrorSummary errors={summary} formId={FORM_ID} attempt={attempt} />
        {save.isSuccess && !form.formState.isDirty && (
          <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800" data-testid="saved">
            {t('saved')}
          </p>
        )}
        <PersonFields
          control={form.control}
          formId={FORM_ID}
          onCommit={(name) => void form.trigger(name as keyof Values)}
          onUse={(name, value) => form.setValue(name as keyof Values, value, { shouldDirty: true, shouldValidate: true })}
        />
        <div>
          <Button type="submit" isPending={form.formState.isSubmitting}>
            {t('save')}
          </Button>
        </div>
      </Form>
    </FlaggedContext.Provider>
  );
}
