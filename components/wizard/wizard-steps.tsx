import { useTranslations } from 'next-intl';

export const WIZARD_STEPS = ['service', 'applicant', 'companions', 'documents', 'review', 'declaration'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The progress bar of the form layout: numbered steps, in reading order (mirrored in Arabic). */
export function WizardSteps({ current, done = 0 }: { current?: WizardStep; done?: number }) {
  const t = useTranslations('Wizard');
  return (
    <nav aria-label={t('progress')} className="border-b border-slate-200 bg-white">
      <ol className="mx-auto flex max-w-3xl gap-1 overflow-x-auto px-4 py-3">
        {WIZARD_STEPS.map((step, index) => {
          const isCurrent = step === current;
          const isDone = index < done;
          return (
            <li key={step} aria-current={isCurrent ? 'step' : undefined} className="flex min-w-0 flex-1 flex-col gap-1">
              <span className={`h-1.5 rounded-full ${isDone || isCurrent ? 'bg-brand-700' : 'bg-slate-200'}`} />
              <span className={`truncate text-xs ${isCurrent ? 'font-semibold text-brand-800' : 'text-muted'}`}>
                {index + 1}. {t(`steps.${step}`)}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
