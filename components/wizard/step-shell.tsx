'use client';

import type { FormEvent, ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { ErrorSummary, type SummaryError } from '@/components/ui/error-summary';
import { ChevronBackIcon, ChevronForwardIcon } from '@/components/ui/icons';

/** A step's frame: title, error summary, fields, and the way back and forward. */
export function StepShell({
  formId,
  title,
  lead,
  summary,
  attempt,
  onSubmit,
  onBack,
  onBlur,
  isPending,
  continueLabel,
  afterSummary,
  children,
}: {
  formId: string;
  title: string;
  lead?: string;
  summary: SummaryError[];
  attempt: number;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBack?: () => void;
  onBlur?: () => void;
  isPending?: boolean;
  continueLabel?: string;
  /** Right under the error summary: the way forward from what it says (check answers' reserve list beside sold_out). */
  afterSummary?: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations('Wizard');
  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-6" aria-labelledby={`${formId}-title`}>
      <div>
        <h2 id={`${formId}-title`} className="text-xl font-bold">
          {title}
        </h2>
        {lead && <p className="mt-1 text-muted">{lead}</p>}
      </div>
      <ErrorSummary errors={summary} formId={formId} attempt={attempt} />
      {afterSummary}
      {/* Leaving any field saves at once (focusout bubbles). */}
      <div onBlur={onBlur} className="flex flex-col gap-6">
        {children}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
        {onBack ? (
          <Button variant="quiet" onPress={onBack}>
            <ChevronBackIcon />
            {t('back')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" isPending={isPending}>
          {continueLabel ?? t('continue')}
          <ChevronForwardIcon />
        </Button>
      </div>
    </Form>
  );
}
