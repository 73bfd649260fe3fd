'use client';

import { useState } from 'react';
import { Controller, get } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { minorOf } from '@/lib/office/money-input';
import { useCatalogueChange, useOfficeCatalogue, type CatalogueChange } from '@/lib/office/office-requests-api';
import type { OfficeRequestType } from '@/lib/contract/office';
import { MAX_PLACES } from '@/lib/requests/places';
import { isHijriDate } from '@/lib/validation/hijri';
import { westernDigits } from '@/lib/validation/digits';
import { DateInput } from '@/components/ui/date-input';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { checkRules } from '@/components/forms/form-rules';
import { useApiForm } from '@/components/forms/use-api-form';
import { useFormats } from '@/lib/i18n/use-formats';
import { PACKAGES, type Package } from '@/lib/requests/packages';
import { OfficeReserveList } from './office-reserve-list';
import { OfficeOpening } from './office-opening';
import { NumberField } from './number-field';
import { OfficeCalendarForm } from './office-calendar';
import { messageOf } from '@/lib/i18n/data-keys';

/** The catalogue for admins (issue 18, item 6): each service's fee, season, companion limit, packages, and whether it takes applications. */
export function OfficeCatalogue() {
  const t = useTranslations('Office.catalogue');
  const { data, isError } = useOfficeCatalogue();
  if (isError) return <p role="alert">{t('failed')}</p>;
  if (!data) return <p aria-busy="true">{t('loading')}</p>;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {data.map((service) => (
        <div key={service.id} className="flex flex-col gap-4">
          <ServiceForm service={service} />
          <OfficeOpening service={service} />
          <OfficeReserveList service={service} />
        </div>
      ))}
      <OfficeCalendarForm />
    </div>
  );
}

/** Places as an admin types them: empty for unlimited (null), else a whole number ("120", Arabic-Indic digits too); undefined when neither. */
function placesOf(text: string): number | null | undefined {
  const plain = westernDigits(text.trim());
  if (plain === '') return null;
  return /^\d{1,6}$/.test(plain) && Number(plain) <= MAX_PLACES ? Number(plain) : undefined;
}

/** A service's form as typed: every package's fee and places (so one offered again shows its last figures). */
type ServiceValues = {
  fees: Record<string, string>;
  season_start: string;
  season_end: string;
  companion_limit: string;
  packages: string[];
  open: 'yes' | 'no';
  places: Record<string, string>;
  review_days: string;
  clock_from: 'sent' | 'paid';
  // The payment plan (docs/INSTALMENTS.md): offered or not, the deposit's percent, and up to PLAN_ROWS instalments.
  plan: 'yes' | 'no';
  plan_deposit: string;
  plan_instalments: { percent: string; due: string }[];
};

/** The instalment rows the form offers; a row left without a percent is no instalment. */
const PLAN_ROWS = 3;

/** A percent as typed (Arabic-Indic digits too): a whole number from 1 to 99, else null. */
function percentOf(text: string): number | null {
  const plain = westernDigits(text.trim());
  return /^\d{1,2}$/.test(plain) && Number(plain) >= 1 ? Number(plain) : null;
}

/** The plan as the form holds it, checked: the plan to send (null: none), and each field's error. */
function planOf(values: ServiceValues, t: ReturnType<typeof useTranslations<'Office.catalogue'>>, number: (value: number) => string) {
  const errors: Record<string, string> = {};
  if (values.plan === 'no') return { plan: null, errors };
  const deposit = percentOf(values.plan_deposit);
  if (deposit === null) errors.plan_deposit = t('planPercentInvalid');
  const rows = values.plan_instalments.map((row, index) => ({ ...row, index })).filter((row) => row.percent.trim() !== '' || row.due.trim() !== '');
  const instalments = rows.map((row) => {
    const percent = percentOf(row.percent);
    if (percent === null) errors[`plan_instalments.${row.index}.percent`] = t('planPercentInvalid');
    if (!isHijriDate(row.due)) errors[`plan_instalments.${row.index}.due`] = t('planDueInvalid', { number: number(row.index + 1) });
    return { percent: percent ?? 0, due: row.due };
  });
  if (instalments.length === 0) errors['plan_instalments.0.percent'] = t('planNoInstalment');
  else if (Object.keys(errors).length === 0 && deposit! + instalments.reduce((sum, row) => sum + row.percent, 0) !== 100) errors.plan_deposit = t('planSum');
  return { plan: { deposit_percent: deposit ?? 0, instalments }, errors };
}

export function ServiceForm({ service }: { service: OfficeRequestType }) {
  const t = useTranslations('Office.catalogue');
  const locale = useLocale();
  const formats = useFormats();
  const save = useCatalogueChange(service.id);
  const name = locale === 'ar' ? service.name.ar : service.name.en;
  const packageNames = useTranslations('Wizard.packages');
  const [saved, setSaved] = useState(false);
  const id = (field: string) => `${service.id}-${field}`;
  const { form, summary, attempt, onSubmit } = useApiForm<ServiceValues, CatalogueChange>(
    checkRules((values) => {
      const errors: Record<string, string> = {};
      // Only the packages offered have a price and places to set.
      const offered = values.packages;
      const fees = Object.fromEntries(offered.map((name) => [name, minorOf(values.fees[name] ?? '')]));
      for (const [name, value] of Object.entries(fees)) {
        if (value === null) errors[`fees.${name}`] = t('feeInvalidPackage', { package: messageOf(packageNames, `${name}.name`) });
      }
      if (!isHijriDate(values.season_start)) errors.season_start = t('dateInvalid', { field: t('seasonStart') });
      if (!isHijriDate(values.season_end)) errors.season_end = t('dateInvalid', { field: t('seasonEnd') });
      const companions = westernDigits(values.companion_limit.trim());
      if (!/^\d{1,2}$/.test(companions) || Number(companions) > 20) errors.companion_limit = t('limitInvalid');
      if (offered.length === 0) errors.packages = t('packagesRequired');
      const reviewDays = westernDigits(values.review_days.trim());
      if (!/^\d{1,2}$/.test(reviewDays) || Number(reviewDays) < 1 || Number(reviewDays) > 60) errors.review_days = t('reviewDaysInvalid');
      const plan = planOf(values, t, formats.number);
      Object.assign(errors, plan.errors);
      const places = Object.fromEntries(offered.map((name) => [name, placesOf(values.places[name] ?? '')]));
      for (const [name, value] of Object.entries(places)) {
        if (value === undefined) errors[`places.${name}`] = t('placesInvalid', { package: messageOf(packageNames, `${name}.name`) });
      }
      return {
        errors,
        values: {
          fees_minor: fees as Record<string, number>,
          season_start: values.season_start,
          season_end: values.season_end,
          companion_limit: Number(companions),
          packages: offered as Package[],
          open: values.open === 'yes',
          places: places as Record<string, number | null>,
          review_days: Number(reviewDays),
          clock_from: values.clock_from,
          payment_plan: plan.plan,
        },
      };
    }),
    {
      // In the page's digits (issue 63, item 8): «١٥٠٠٠٫٠٠», «٤», «٢٠» on Arabic pages; either digits are read back.
      fees: Object.fromEntries(PACKAGES.map((name) => [name, formats.amountForInput(service.fees_minor[name] ?? service.fee_minor)])),
      season_start: service.season.start,
      season_end: service.season.end,
      companion_limit: formats.editable(String(service.companion_limit)),
      packages: service.packages,
      open: service.open ? 'yes' : 'no',
      places: Object.fromEntries(PACKAGES.map((name) => [name, service.places[name] == null ? '' : formats.editable(String(service.places[name]))])),
      review_days: formats.editable(String(service.review_days)),
      clock_from: service.clock_from,
      plan: service.payment_plan ? 'yes' : 'no',
      plan_deposit: formats.editable(service.payment_plan ? String(service.payment_plan.deposit_percent) : '20'),
      plan_instalments: Array.from({ length: PLAN_ROWS }, (_, index) => {
        const instalment = service.payment_plan?.instalments[index];
        return { percent: instalment ? formats.editable(String(instalment.percent)) : '', due: instalment?.due ?? '' };
      }),
    },
    {
      checkOn: 'submit',
      offlineMessage: t('failedSave'),
      // The server's names: a package's fee is fees_minor.{package}; a part of a field's answer leads to the field.
      // A plan's fields: payment_plan.deposit_percent is plan_deposit; payment_plan.instalments.1.due is plan_instalments.1.due.
      placeServerError: (field, message) => ({
        field: field.startsWith('fees_minor.')
          ? field.replace('fees_minor.', 'fees.')
          : field.startsWith('places.')
            ? field
            : field.startsWith('payment_plan.instalments.')
              ? field.replace('payment_plan.instalments.', 'plan_instalments.')
              : field.startsWith('payment_plan.')
                ? 'plan_deposit'
                : field.split('.')[0]!,
        message,
      }),
    },
  );
  const packages = form.watch('packages');
  const planOffered = form.watch('plan') === 'yes';
  const errorOf = (field: string) => (get(form.formState.errors, field) as { message?: string } | undefined)?.message;
  const submit = onSubmit(async (change) => {
    await save.mutateAsync(change);
    setSaved(true);
  });

  return (
    <form
      onSubmit={(event) => {
        setSaved(false);
        void submit(event);
      }}
      noValidate
      aria-labelledby={id('title')}
      className="flex flex-col gap-4 rounded-xl border border-slate-300 bg-white p-5"
    >
      <h2 id={id('title')} className="text-xl font-bold">{name}</h2>
      <p className="text-sm text-muted">{t('now', { fee: formats.money(service.fee_minor, service.currency), limit: formats.number(service.companion_limit) })}</p>
      {saved && <p role="status" className="rounded-lg bg-brand-50 p-3">{t('saved', { service: name })}</p>}
      <ErrorSummary errors={summary} formId={service.id} attempt={attempt} />
      <fieldset className="flex flex-col gap-2" aria-describedby={id('fee-hint')}>
        <legend className="mb-1 font-semibold">{t('fee', { currency: formats.currencyLabel(service.currency) })}</legend>
        <span className="text-sm text-muted" id={id('fee-hint')}>{t('feeHint')}</span>
        {PACKAGES.filter((name) => packages.includes(name)).map((name) => (
          <NumberField key={name} id={id(`fees.${name}`)} label={packageNames(`${name}.name`)} {...form.register(`fees.${name}`)} inputMode="decimal" error={errorOf(`fees.${name}`)} />
        ))}
      </fieldset>
      {(['season_start', 'season_end'] as const).map((field) => (
        <Controller
          key={field}
          control={form.control}
          name={field}
          render={({ field: date }) => (
            <DateInput id={id(field)} name={field} legend={t(field === 'season_start' ? 'seasonStart' : 'seasonEnd')} value={date.value} onChange={date.onChange} isInvalid={Boolean(errorOf(field))} errorMessage={errorOf(field)} question="office_season" defaultCalendar="hijri" />
          )}
        />
      ))}
      <NumberField id={id('companion_limit')} label={t('limit')} {...form.register('companion_limit')} inputMode="numeric" error={errorOf('companion_limit')} />
      <NumberField id={id('review_days')} label={t('reviewDays')} {...form.register('review_days')} inputMode="numeric" error={errorOf('review_days')} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('clockFrom')}</legend>
        {(['sent', 'paid'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" value={value} {...form.register('clock_from')} className="size-5 accent-brand-800" />
            {t(`clockFromOptions.${value}`)}
          </label>
        ))}
      </fieldset>
      <fieldset id={id('packages')} tabIndex={-1} aria-describedby={`${id('packages-hint')}${errorOf('packages') ? ` ${id('packages-error')}` : ''}`} className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('packages')}</legend>
        <span className="text-sm text-muted" id={id('packages-hint')}>{t('packagesHint')}</span>
        {errorOf('packages') && <span className="text-sm font-medium text-red-700" id={id('packages-error')}>{errorOf('packages')}</span>}
        {PACKAGES.map((name) => (
          <label key={name} className="flex items-center gap-2">
            <input type="checkbox" value={name} {...form.register('packages')} className="size-5 accent-brand-800" />
            {packageNames(`${name}.name`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2" aria-describedby={id('places-hint')}>
        <legend className="mb-1 font-semibold">{t('places')}</legend>
        <span className="text-sm text-muted" id={id('places-hint')}>{t('placesHint')}</span>
        {packages.length > 0 &&
          PACKAGES.filter((name) => packages.includes(name)).map((name) => (
            <NumberField
              key={name}
              id={id(`places.${name}`)}
              label={packageNames(`${name}.name`)}
              hint={t('placesHeld', { held: service.places_held[name] ?? 0, shown: formats.number(service.places_held[name] ?? 0) })}
              {...form.register(`places.${name}`)}
              inputMode="numeric"
              error={errorOf(`places.${name}`)}
            />
          ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2" aria-describedby={id('plan-hint')}>
        <legend className="mb-1 font-semibold">{t('plan')}</legend>
        <span className="text-sm text-muted" id={id('plan-hint')}>{t('planHint')}</span>
        {(['no', 'yes'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" value={value} {...form.register('plan')} className="size-5 accent-brand-800" />
            {t(`planOptions.${value}`)}
          </label>
        ))}
        {planOffered && (
          <div className="flex flex-col gap-3 border-s-2 border-slate-300 ps-4">
            <NumberField id={id('plan_deposit')} label={t('depositPercent')} {...form.register('plan_deposit')} inputMode="numeric" error={errorOf('plan_deposit')} />
            {Array.from({ length: PLAN_ROWS }, (_, index) => (
              <div key={index} className="flex flex-col gap-2">
                <NumberField
                  id={id(`plan_instalments.${index}.percent`)}
                  label={t('instalmentPercent', { number: formats.number(index + 1) })}
                  {...form.register(`plan_instalments.${index}.percent`)}
                  inputMode="numeric"
                  error={errorOf(`plan_instalments.${index}.percent`)}
                />
                <Controller
                  control={form.control}
                  name={`plan_instalments.${index}.due`}
                  render={({ field: date }) => (
                    <DateInput
                      id={id(`plan_instalments.${index}.due`)}
                      name={`plan_instalments.${index}.due`}
                      legend={t('instalmentDue', { number: formats.number(index + 1) })}
                      value={date.value}
                      onChange={date.onChange}
                      isInvalid={Boolean(errorOf(`plan_instalments.${index}.due`))}
                      errorMessage={errorOf(`plan_instalments.${index}.due`)}
                      question="office_season"
                      defaultCalendar="hijri"
                    />
                  )}
                />
              </div>
            ))}
          </div>
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('open')}</legend>
        {(['yes', 'no'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" value={value} {...form.register('open')} className="size-5 accent-brand-800" />
            {t(value === 'yes' ? 'openYes' : 'openNo')}
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-muted">{t('appliesTo')}</p>
      <PlainButton type="submit" isPending={save.isPending} className="self-start">{t('save', { service: name })}</PlainButton>
    </form>
  );
}
