import type { MouseEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/lib/i18n/numbers';
import { WIZARD_STEPS, type WizardStep } from '@/lib/requests/steps';

type Props = {
  current?: WizardStep;
  completed?: readonly string[];
  /** Where a finished step's link goes; with onGo, finished steps are links (issue 21). */
  hrefOf?: (step: WizardStep) => string;
  onGo?: (step: WizardStep) => void;
};

/**
 * The progress bar of the form layout: numbered steps, in reading order
 * (mirrored in Arabic). A finished step is a link back to it. Five labels do
 * not fit a phone's width, so there the bars stay and one line names the step
 * in full: "Step 2 of 5: Main applicant".
 */
export function WizardSteps({ current, completed = [], hrefOf, onGo }: Props) {
  const t = useTranslations('Wizard');
  const locale = useLocale();
  const index = current ? WIZARD_STEPS.indexOf(current) : -1;
  return (
    <nav aria-label={t('progress')} className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-3xl px-4 py-3">
        <ol className="flex gap-1">
          {WIZARD_STEPS.map((step, position) => {
            const isCurrent = step === current;
            const isDone = completed.includes(step);
            const bar = <span className={`block h-1.5 rounded-full ${isCurrent ? 'bg-brand-700' : isDone ? 'bg-brand-600/60' : 'bg-slate-200'}`} />;
            // On a phone the labels are read, not shown: the line below says the step in full.
            const label = (
              <span className={`max-sm:sr-only sm:truncate text-xs ${isCurrent ? 'font-semibold text-brand-800' : 'text-muted'}`}>
                {formatCount(position + 1, locale)}. {t(`steps.${step}`)}
                {isDone && <span className="sr-only"> ({t('done')})</span>}
              </span>
            );
            const linked = isDone && !isCurrent && hrefOf && onGo;
            // The li is the labels' containing block, so that hidden labels cannot widen the page.
            return (
              <li key={step} aria-current={isCurrent ? 'step' : undefined} className="relative min-w-0 flex-1">
                {linked ? (
                  // The bar is inside the link: on a phone it is what shows the focus and takes the tap.
                  <a
                    href={hrefOf(step)}
                    onClick={(event: MouseEvent) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                      event.preventDefault();
                      onGo(step);
                    }}
                    className="flex flex-col gap-1 rounded py-1 hover:[&>span:last-child]:text-brand-800 [&>span:last-child]:underline [&>span:last-child]:underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                  >
                    {bar}
                    {label}
                  </a>
                ) : (
                  <div className="flex flex-col gap-1 py-1">
                    {bar}
                    {label}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
        {index >= 0 && (
          <p aria-hidden="true" className="mt-2 text-sm font-semibold text-brand-800 sm:hidden">
            {t('stepOfNamed', { number: formatCount(index + 1, locale), total: formatCount(WIZARD_STEPS.length, locale), name: t(`steps.${current!}`) })}
          </p>
        )}
      </div>
    </nav>
  );
}
