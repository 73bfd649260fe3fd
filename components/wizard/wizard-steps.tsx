import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/lib/i18n/digits';
import { REQUEST_STEPS, type RequestStep } from '@/lib/requests/steps';

/**
 * The progress bar of the form layout: numbered steps, in reading order
 * (mirrored in Arabic). Six labels do not fit a phone's width, so there the
 * bars stay and one line names the step in full: "Step 2 of 6: Main applicant".
 */
export function WizardSteps({ current, completed = [] }: { current?: RequestStep; completed?: readonly string[] }) {
  const t = useTranslations('Wizard');
  const locale = useLocale();
  const index = current ? REQUEST_STEPS.indexOf(current) : -1;
  return (
    <nav aria-label={t('progress')} className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-3xl px-4 py-3">
        <ol className="flex gap-1">
          {REQUEST_STEPS.map((step, position) => {
            const isCurrent = step === current;
            const isDone = completed.includes(step);
            return (
              <li key={step} aria-current={isCurrent ? 'step' : undefined} className="relative flex min-w-0 flex-1 flex-col gap-1">
                <span className={`h-1.5 rounded-full ${isCurrent ? 'bg-brand-700' : isDone ? 'bg-brand-600/60' : 'bg-slate-200'}`} />
                {/* On a phone the labels are read, not shown: the line below says the step in full. The li is
                    their containing block, so that the hidden labels cannot widen the page. */}
                <span className={`max-sm:sr-only sm:truncate text-xs ${isCurrent ? 'font-semibold text-brand-800' : 'text-muted'}`}>
                  {formatCount(position + 1, locale)}. {t(`steps.${step}`)}
                  {isDone && <span className="sr-only"> ({t('done')})</span>}
                </span>
              </li>
            );
          })}
        </ol>
        {index >= 0 && (
          <p aria-hidden="true" className="mt-2 text-sm font-semibold text-brand-800 sm:hidden">
            {t('stepOfNamed', { number: formatCount(index + 1, locale), total: formatCount(REQUEST_STEPS.length, locale), name: t(`steps.${current!}`) })}
          </p>
        )}
      </div>
    </nav>
  );
}
