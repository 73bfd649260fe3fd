'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useCreateRequest, useRequestTypes } from '@/lib/requests/requests-api';
import type { RequestTypeInfo } from '@/lib/contract/requests';
import { Button } from '@/components/ui/button';
import { useFormats } from '@/lib/i18n/use-formats';
import { applicationsClosed } from '@/lib/requests/travel-months';
import { WizardIntro } from './wizard-intro';

/** Whether every package offered costs the same: one fee, else "from" the lowest. */
const samePrice = (type: RequestTypeInfo) => new Set(Object.values(type.fees_minor)).size <= 1;

/** Choosing the service starts a draft, then the steps begin. */
export function CreateRequest() {
  const t = useTranslations('Wizard');
  const locale = useLocale();
  const router = useRouter();
  const types = useRequestTypes();
  const create = useCreateRequest();
  const formats = useFormats();
  // "15 Dhu al-Hijjah 1447 (4 June 2026)": the season's days in the page's digits (docs/digits.md).
  const seasonDay = (hijri: string) => {
    const day = formats.hijriAnswer(hijri);
    return day ? `${day.hijri} (${day.gregorian})` : hijri;
  };

  return (
    <div className="space-y-6">
      <WizardIntro />
      <section aria-labelledby="choose-title" className="rounded-xl border border-slate-200 bg-white p-6">
        <h2 id="choose-title" className="text-lg font-semibold">
          {t('chooseService')}
        </h2>
        {create.isError && (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {create.error.message}
          </p>
        )}
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {(types.data ?? []).map((type) => (
            <li key={type.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4">
              <h3 className="text-lg font-semibold text-brand-800">{type.name[locale === 'ar' ? 'ar' : 'en']}</h3>
              <p className="text-sm text-muted">{t(samePrice(type) ? 'feePerPilgrim' : 'feeFromPerPilgrim', { fee: formats.money(type.fee_minor, type.currency) })}</p>
              <p className="text-sm text-muted">{t('season', { start: seasonDay(type.season.start), end: seasonDay(type.season.applications_close) })}</p>
              {type.season.pilgrimage && (
                <p className="text-sm text-muted">
                  {t('pilgrimageDays', { type: type.name[locale === 'ar' ? 'ar' : 'en'], start: seasonDay(type.season.pilgrimage.start), end: seasonDay(type.season.pilgrimage.end) })}
                </p>
              )}
              {applicationsClosed(type.season) ? (
                <p className="mt-2 font-semibold text-ink">{t('seasonClosed', { type: type.name[locale === 'ar' ? 'ar' : 'en'] })}</p>
              ) : !type.open ? (
                <p className="mt-2 font-semibold text-ink">{t('serviceClosed', { type: type.name[locale === 'ar' ? 'ar' : 'en'] })}</p>
              ) : (
                <Button
                  className="mt-2 self-start"
                  isPending={create.isPending && create.variables === type.id}
                  onPress={async () => {
                    const draft = await create.mutateAsync(type.id);
                    router.replace({ pathname: '/profile/requests/drafts/complete', query: { id: draft.id } });
                  }}
                >
                  {t('startType', { type: type.name[locale === 'ar' ? 'ar' : 'en'] })}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {types.isPending && <div className="min-h-32" aria-busy="true" />}
      </section>
    </div>
  );
}
