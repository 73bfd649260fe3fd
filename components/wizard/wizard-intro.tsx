import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/lib/i18n/numbers';
import { WIZARD_STEPS } from '@/lib/requests/steps';

const NEEDS = ['passport', 'photo', 'nationalId', 'companions'] as const;

/** The start of an application: the steps ahead and what to have at hand. */
export function WizardIntro() {
  const t = useTranslations('Wizard');
  const locale = useLocale();
  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold">{t('intro.needTitle')}</h2>
        <ul className="mt-3 list-disc space-y-1 ps-6 text-muted">
          {NEEDS.map((need) => (
            <li key={need}>{t(`intro.need.${need}`)}</li>
          ))}
        </ul>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold">{t('intro.stepsTitle', { count: WIZARD_STEPS.length, n: formatCount(WIZARD_STEPS.length, locale) })}</h2>
        <ol className="mt-3 list-decimal space-y-1 ps-6 text-muted">
          {WIZARD_STEPS.map((step) => (
            <li key={step}>{t(`steps.${step}`)}</li>
          ))}
        </ol>
        <p className="mt-4 text-sm text-muted">{t('intro.autosave')}</p>
      </section>
    </div>
  );
}
