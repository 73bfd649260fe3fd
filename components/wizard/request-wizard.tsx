'use client';

import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { usePathname, useRouter } from '@/i18n/navigation';
import { ApiClientError } from '@/lib/api-client';
import { formatCount } from '@/lib/i18n/numbers';
import { EDITABLE_STATUSES } from '@/lib/requests/statuses';
import { firstUnfinishedStep, isRequestStep, WIZARD_STEPS, wizardStepOf, type WizardStep } from '@/lib/requests/steps';
import { useRequest, useRequestTypes, useSubmitRequest } from '@/lib/requests/requests-api';
import type { RequestDetails, RequestTypeInfo } from '@/lib/contract/requests';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { DraftMissing } from './draft-missing';
import { ChangesTaskList } from './changes-task-list';
import { FlaggedContext, flagsOf } from './flagged';
import { OfficeNote } from '@/components/requests/office-note';
import { SavedIndicator } from './saved-indicator';
import { WizardSteps } from './wizard-steps';
import { useDraft } from './use-draft';
import { ServiceStep } from './steps/service-step';
import { ApplicantStep } from './steps/applicant-step';
import { CompanionsStep } from './steps/companions-step';
import { DocumentsStep } from './steps/documents-step';
import { ReviewStep } from './steps/review-step';

/** Loads the request, then runs the steps; a request that is not the user's, or gone, shows the missing state. */
export function RequestWizard({ id, mode }: { id: string; mode: 'complete' | 'edit' }) {
  const request = useRequest(id);
  const types = useRequestTypes();
  const t = useTranslations('Wizard');
  if (request.error instanceof ApiClientError && request.error.status === 404) return <DraftMissing />;
  if (request.error || types.error) return <p role="alert" className="text-red-700">{t('loadFailed')}</p>;
  // Always the server's latest version: a copy cached earlier in this visit may be behind (steps, version).
  if (!request.data || !request.isFetchedAfterMount || !types.data) return <div className="min-h-96" aria-busy="true" />;
  const type = types.data.find((candidate) => candidate.id === request.data.type);
  if (!type) return <DraftMissing />;
  return <Wizard key={request.data.id} request={request.data} type={type} mode={mode} />;
}

/** Replaces the form's address with the request's payment page, so that Back and a reload do not reopen the form. */
function ToPaymentPage({ id }: { id: string }) {
  const router = useRouter();
  useEffect(() => router.replace(`/profile/requests/details/${id}/pay`), [router, id]);
  return <div className="min-h-96" aria-busy="true" />;
}

function Wizard({ request, type, mode }: { request: RequestDetails; type: RequestTypeInfo; mode: 'complete' | 'edit' }) {
  const t = useTranslations('Wizard');
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const draft = useDraft(request);
  const flags = useMemo(() => flagsOf(request), [request]);
  const submitRequest = useSubmitRequest();
  // /drafts/complete is for drafts, /edit for what may still change; anything else was sent already.
  const [submitted, setSubmitted] = useState(mode === 'complete' ? request.status !== 'draft' : !EDITABLE_STATUSES.includes(request.status));

  const asked = search.get('step');
  // Making the changes the office asked for starts at the task list (no step asked), never on a step.
  const changes = request.status === 'changes_requested';
  const step: WizardStep | 'tasks' = isRequestStep(asked) ? wizardStepOf(asked) : changes ? 'tasks' : firstUnfinishedStep(draft.completed);
  const fromReview = search.get('from') === 'review';

  const queryOf = (next: WizardStep, from?: 'review') => ({ id: request.id, step: next, ...(from ? { from } : {}) });
  const hrefOf = (next: WizardStep) => `/${locale}${pathname}?${new URLSearchParams(queryOf(next)).toString()}`;
  function go(next: WizardStep, from?: 'review') {
    void draft.flush();
    router.push({ pathname, query: queryOf(next, from) });
    window.scrollTo({ top: 0 });
  }
  const index = step === 'tasks' ? -1 : WIZARD_STEPS.indexOf(step);
  const toTasks = () => {
    void draft.flush();
    router.push({ pathname, query: { id: request.id } });
    window.scrollTo({ top: 0 });
  };
  // Making changes, a saved part goes back to the task list, which says it is changed (issue 40).
  const next = () => (fromReview && step !== 'review' ? go('review') : changes ? toTasks() : go(WIZARD_STEPS[index + 1] ?? 'review'));
  // The first step goes back to the task list when making changes.
  const back = index > 0 ? () => go(WIZARD_STEPS[index - 1]!) : changes && index === 0 ? toTasks : undefined;

  // Sent: the request's payment page (its own address, outside the form) says what comes next.
  if (submitted) return <ToPaymentPage id={request.id} />;

  const common = { draft, onDone: next, onBack: back };
  return (
    <FlaggedContext.Provider value={flags}>
      <WizardSteps current={step === 'tasks' ? undefined : step} completed={draft.completed} hrefOf={hrefOf} onGo={(target) => go(target)} />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        {/* The office's note stays in sight on every step of the changes. */}
        <OfficeNote request={request} />
        <div>
          {step !== 'tasks' && (
            <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
              {/* A phone has the step in full in the progress bar above (wizard-steps.tsx). */}
              <p className="text-sm font-semibold text-brand-800 max-sm:sr-only">
                {t('stepOf', { number: formatCount(index + 1, locale), total: formatCount(WIZARD_STEPS.length, locale) })}
              </p>
              <SavedIndicator state={draft.saveState} savedAt={draft.savedAt} />
            </div>
          )}
          {step === 'tasks' && <ChangesTaskList completed={draft.completed} flags={flags} data={request.data} invitations={request.invitations} hrefOf={hrefOf} onGo={(target) => go(target)} />}
          {step === 'service' && <ServiceStep key={step} {...common} type={type} />}
          {step === 'applicant' && <ApplicantStep key={step} {...common} />}
          {step === 'companions' && <CompanionsStep key={step} {...common} type={type} request={request} />}
          {step === 'documents' && <DocumentsStep key={step} {...common} requestId={request.id} documents={request.documents} locale={locale} />}
          {step === 'review' && (
            <ReviewStep
              key={step}
              draft={draft}
              onBack={back}
              type={type}
              request={request}
              onChange={(target) => go(target, 'review')}
              submit={() => submitRequest.mutateAsync(request.id)}
              onSubmitted={() => setSubmitted(true)}
            />
          )}
        </div>
      </div>
      <Dialog title={t('conflict.title')} role="alertdialog" isOpen={draft.conflict} onOpenChange={(open) => !open && draft.dismissConflict()}>
        {({ close }) => (
          <>
            <p className="text-muted">{t('conflict.body')}</p>
            <div className="mt-6 flex justify-end">
              <Button onPress={close} autoFocus>
                {t('conflict.ok')}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </FlaggedContext.Provider>
  );
}
