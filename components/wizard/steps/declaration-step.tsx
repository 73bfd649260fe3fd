'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api-client';
import { Checkbox } from '@/components/ui/checkbox';
import { FORM_ERROR, type SummaryError } from '@/components/ui/error-summary';
import { useFieldMessage } from '@/components/forms/use-field-message';
import { ResendVerification } from '@/components/account/resend-verification';
import { StepShell } from '../step-shell';
import type { StepProps } from './step-props';

/** The declaration, then the whole request goes to the office. */
export function DeclarationStep({ draft, onBack, onSubmitted, submit }: Omit<StepProps, 'onDone'> & { onSubmitted: () => void; submit: () => Promise<unknown> }) {
  const t = useTranslations('Wizard');
  const message = useFieldMessage();
  // Never ticked in advance, re-submissions included (issue 21): a declaration stored earlier, or
  // sent before the office asked for changes, is made again on this visit, by the pilgrim's own tick.
  const [accepted, setAccepted] = useState(false);
  const [summary, setSummary] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState(false);
  // Refused because the address is not confirmed: the message says so, and a resend button is at hand.
  const [unverified, setUnverified] = useState(false);

  return (
    <StepShell
      formId="declaration"
      title={t('steps.declaration')}
      summary={summary}
      attempt={attempt}
      onBack={onBack}
      isPending={pending}
      continueLabel={t('submit')}
      onSubmit={async (event) => {
        event.preventDefault();
        setPending(true);
        try {
          await draft.complete('declaration', { declaration: accepted });
          await submit();
          onSubmitted();
        } catch (error) {
          setUnverified(error instanceof ApiClientError && error.code === 'email_unverified');
          const entries = error instanceof ApiClientError ? Object.entries(error.fields) : [];
          setSummary(
            entries.length
              ? entries.map(([field, messages]) => ({ field: field.replace(/\./g, '-'), message: message(field, messages[0]) ?? '' }))
              : [{ field: FORM_ERROR, message: error instanceof ApiClientError ? error.message : t('uploadOffline') }],
          );
          setAttempt((n) => n + 1);
        } finally {
          setPending(false);
        }
      }}
    >
      <div className="rounded-xl border border-slate-200 bg-white p-4 text-muted">
        <p>{t('declarationText')}</p>
      </div>
      <div id="declaration-declaration" tabIndex={-1}>
        <Checkbox
          isSelected={accepted}
          onChange={(value) => {
            setAccepted(value);
            draft.update('declaration', { declaration: value });
          }}
        >
          {t('declarationCheckbox')}
        </Checkbox>
      </div>
      {unverified && <ResendVerification />}
    </StepShell>
  );
}
