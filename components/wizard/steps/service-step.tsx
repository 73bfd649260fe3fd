'use client';

import { useLocale, useTranslations } from 'next-intl';
import { serviceSchema } from '@/lib/requests/answers';
import { openTravelMonths } from '@/lib/requests/travel-months';
import { useFormats } from '@/lib/i18n/use-formats';
import { packageFee } from '@/lib/requests/requests-api';
import { formatCount } from '@/lib/i18n/numbers';
import type { RequestTypeInfo } from '@/lib/contract/requests';
import { FormChoice } from '@/components/forms/form-choice';
import { FormSelect } from '@/components/forms/form-select';
import { usePlacesText } from '@/components/requests/places-left';
import { usePlacesLeft } from '@/components/requests/use-places-left';
import { StepShell } from '../step-shell';
import { SeasonDates } from '../season-dates';
import { useStepForm } from '../use-step-form';
import type { StepProps } from './step-props';
import { messageOf } from '@/lib/i18n/data-keys';
import { OpeningNote } from '@/components/openings/opening-note';

type Values = { package: string; travel_month: string };

/** Fewer places than this left in the chosen package: said at once, beside it (issue 63, item 1). */
export const NEARLY_FULL = 10;

export function ServiceStep({ draft, type, onDone, onBack }: StepProps & { type: RequestTypeInfo }) {
  const t = useTranslations('Wizard');
  const fields = useTranslations('Fields');
  const locale = useLocale();
  const formats = useFormats();
  const placesText = usePlacesText();
  // Read again every few seconds while the step is open: a place freed shows within them (issue 63, item 2).
  const placesLeft = usePlacesLeft(type.id, type.places_left);
  const saved = (draft.answers.service ?? {}) as Partial<Values>;
  const typeName = type.name[locale === 'ar' ? 'ar' : 'en'];
  const months = openTravelMonths(type.season);
  // Hajj: the last month offered is the pilgrimage's own; said beneath the list, so no one looks for a later one.
  const riteStart = type.season.pilgrimage ? formats.hijriAnswer(type.season.pilgrimage.start) : null;
  const lastMonth = months.at(-1);
  const { form, summary, attempt, submit } = useStepForm<Values>({
    draft,
    step: 'service',
    schema: serviceSchema(type.packages, type.season),
    defaults: { package: saved.package ?? '', travel_month: saved.travel_month ?? '' },
  });
  // The chosen package full or nearly full: said right under the choice, before anything else is typed, with the way out.
  const chosen = form.watch('package');
  const chosenLeft = chosen ? placesLeft?.[chosen] : undefined;
  return (
    <StepShell
      formId="service"
      title={t('steps.service')}
      lead={t('serviceLead', { type: typeName })}
      summary={summary}
      attempt={attempt}
      onSubmit={submit(onDone)}
      onBack={onBack}
      onBlur={() => void draft.flush()}
      isPending={form.formState.isSubmitting}
    >
      <SeasonDates type={type} typeName={typeName} />
      <OpeningNote service={type.id} serviceName={typeName} opening={type.opening} />
      <FormChoice
        control={form.control}
        formId="service"
        name="package"
        label={fields('package')}
        orientation="vertical"
        // Limited packages say what is left; a full one stays choosable: the draft is kept and sent once places are given back.
        // Each package at its own fee per pilgrim, set by the office; the total on check answers follows the one chosen.
        options={type.packages.map((value) => ({
          value,
          label: messageOf(t, `packages.${value}.name`),
          price: t('packageFee', { fee: formats.money(packageFee(type, value), type.currency) }),
          description: messageOf(t, `packages.${value}.body`),
          note: placesText(placesLeft?.[value]),
        }))}
        onCommit={() => void form.trigger('package')}
      />
      {typeof chosenLeft === 'number' && chosenLeft < NEARLY_FULL && (
        <p role="status" data-testid="package-places" className="rounded-xl border-2 border-violet-700 bg-violet-50 p-4 font-semibold text-ink">
          {chosenLeft === 0
            ? t('packageFull', { package: chosen })
            : t('packageNearlyFull', { package: chosen, count: chosenLeft, shown: formatCount(chosenLeft, locale) })}
        </p>
      )}
      <FormSelect
        control={form.control}
        formId="service"
        name="travel_month"
        label={fields('travel_month')}
        // From this month (Makkah time) to the season's end, for Hajj to Dhu al-Hijjah: a month gone by is not offered.
        options={months.map((value) => ({ value, label: formats.hijriMonth(value) ?? value }))}
        onCommit={() => void form.trigger('travel_month')}
      />
      {riteStart && lastMonth && (
        <p className="text-sm text-muted" data-arrive-by>
          {t('dates.arriveBy', { month: formats.hijriMonth(lastMonth, { genitive: true }) ?? lastMonth, type: typeName, day: riteStart.hijri })}
        </p>
      )}
    </StepShell>
  );
}
