'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/lib/i18n/digits';
import { WIZARD_STEPS, type WizardStep } from '@/lib/requests/steps';
import { Button } from '@/components/ui/button';
import { ChevronForwardIcon } from '@/components/ui/icons';

/**
 * Where making the changes the office asked for begins (issue 21): the
 * application's parts as a task list, each with its state and a link to it,
 * then check answers to send it again. Never the declaration first: it is
 * made afresh on check answers.
 */
export function ChangesTaskList({ completed, hrefOf, onGo }: { completed: readonly string[]; hrefOf: (step: WizardStep) => string; onGo: (step: WizardStep) => void }) {
  const t = useTranslations('Wizard');
  const locale = useLocale();
  const parts = WIZARD_STEPS.filter((step) => step !== 'review');
  return (
    <section aria-labelledby="tasks-title" className="flex flex-col gap-4">
      <div>
        <h2 id="tasks-title" className="text-xl font-bold">
          {t('tasks.title')}
        </h2>
        <p className="mt-1 text-muted">{t('tasks.lead')}</p>
      </div>
      <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {parts.map((step, position) => (
          <li key={step} className="flex flex-wrap items-center justify-between gap-2 p-4">
            <a
              href={hrefOf(step)}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                onGo(step);
              }}
              className="font-semibold text-brand-800 underline underline-offset-2 hover:text-ink"
            >
              {formatCount(position + 1, locale)}. {t(`steps.${step}`)}
            </a>
            <span className={`rounded-full px-3 py-0.5 text-sm font-semibold ${completed.includes(step) ? 'bg-brand-50 text-brand-800' : 'bg-sand-100 text-ink'}`}>
              {completed.includes(step) ? t('tasks.done') : t('tasks.toCheck')}
            </span>
          </li>
        ))}
      </ol>
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button onPress={() => onGo('review')}>
          {t('tasks.checkAnswers')}
          <ChevronForwardIcon />
        </Button>
      </div>
    </section>
  );
}
