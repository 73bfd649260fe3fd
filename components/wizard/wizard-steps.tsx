import { useTranslations } from 'next-intl';
import { REQUEST_STEPS, type RequestStep } from '@/lib/requests/steps';

/** The progress bar of the form layout: numbered steps, in reading order (mirrored in Arabic). */
export function WizardSteps({ current, completed = [] }: { current?: RequestStep; completed?: readonly string[] }) {
  const t = useTranslations('Wizard');
  return (
    <nav aria-label={t('progress')} className="border-b border-slate-200 bg-white">
      <ol className="mx-auto flex max-w-3xl gap-1 overflow-x-auto px-4 py-3">
        {REQUEST_STEPS.map((step, index) => {
          const isCurrent = step === current;
          const isDone = completed.includes(step);
          return (
            <li key={step} aria-current={isCurrent ? 'step' : undefined} className="flex min-w-0 flex-1 flex-col gap-1">
              <span className={`h-1.5 rounded-full ${isCurrent ? 'bg-brand-700' : isDone ? 'bg-brand-600/60' : 'bg-slate-200'}`} />
              <span className={`truncate text-xs ${isCurrent ? 'font-semibold text-brand-800' : 'text-muted'}`}>
                {index + 1}. {t(`steps.${step}`)}
                {isDone && <span className="sr-only"> ({t('done')})</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
