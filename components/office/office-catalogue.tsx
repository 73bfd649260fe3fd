'use client';

import { useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api-client';
import { minorOf } from '@/lib/office/money-input';
import { useCatalogueChange, useOfficeCatalogue, type OfficeRequestType } from '@/lib/office/office-requests-api';
import { MAX_PLACES } from '@/lib/requests/places';
import { isHijriDate } from '@/lib/validation/hijri';
import { westernDigits } from '@/lib/validation/digits';
import { DateInput } from '@/components/ui/date-input';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary, FORM_ERROR, type SummaryError } from '@/components/ui/error-summary';
import { useFormats } from '@/components/requests/use-formats';
import { PACKAGES, type Package } from '@/lib/requests/packages';
import { OfficeReserveList } from './office-reserve-list';

const inputClass = 'w-40 rounded-lg border border-slate-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

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
          <OfficeReserveList service={service} />
        </div>
      ))}
    </div>
  );
}

/** Places as an admin types them: empty for unlimited (null), else a whole number ("120", Arabic-Indic digits too); undefined when neither. */
function placesOf(text: string): number | null | undefined {
  const plain = westernDigits(text.trim());
  if (plain === '') return null;
  return /^\d{1,6}$/.test(plain) && Number(plain) <= MAX_PLACES ? Number(plain) : undefined;
}

function ServiceForm({ service }: { service: OfficeRequestType }) {
  const t = useTranslations('Office.catalogue');
  const locale = useLocale();
  const formats = useFormats();
  const save = useCatalogueChange(service.id);
  const name = locale === 'ar' ? service.name.ar : service.name.en;
  // Each package's fee in riyals as typed (every package, so one offered again shows its last price).
  const [fees, setFees] = useState<Record<string, string>>(() => Object.fromEntries(PACKAGES.map((name) => [name, ((service.fees_minor[name] ?? service.fee_minor) / 100).toFixed(2)])));
  const [start, setStart] = useState(service.season.start);
  const [end, setEnd] = useState(service.season.end);
  const [limit, setLimit] = useState(String(service.companion_limit));
  const [packages, setPackages] = useState<string[]>(service.packages);
  const [open, setOpen] = useState(service.open);
  const [places, setPlaces] = useState<Record<string, string>>(() => Object.fromEntries(PACKAGES.map((name) => [name, service.places[name] == null ? '' : String(service.places[name])])));
  const packageNames = useTranslations('Wizard.packages');
  const [summary, setSummary] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState(false);
  const id = (field: string) => `${service.id}-${field}`;
  const errorOf = (field: string) => summary.find((item) => item.field === id(field))?.message;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const errors: SummaryError[] = [];
    // Only the packages offered have a price to set, as places.
    const feesSent = Object.fromEntries(packages.map((name) => [name, minorOf(fees[name] ?? '')]));
    for (const [name, value] of Object.entries(feesSent)) {
      if (value === null) errors.push({ field: id(`fee-${name}`), message: t('feeInvalidPackage', { package: packageNames(`${name}.name`) }) });
    }
    if (!isHijriDate(start)) errors.push({ field: id('season_start'), message: t('dateInvalid', { field: t('seasonStart') }) });
    if (!isHijriDate(end)) errors.push({ field: id('season_end'), message: t('dateInvalid', { field: t('seasonEnd') }) });
    const companions = westernDigits(limit.trim());
    if (!/^\d{1,2}$/.test(companions) || Number(companions) > 20) errors.push({ field: id('limit'), message: t('limitInvalid') });
    if (packages.length === 0) errors.push({ field: id('packages'), message: t('packagesRequired') });
    // Only the packages offered: a package not offered has no places to set.
    const placesSent = Object.fromEntries(packages.map((name) => [name, placesOf(places[name] ?? '')]));
    for (const [name, value] of Object.entries(placesSent)) {
      if (value === undefined) errors.push({ field: id(`places-${name}`), message: t('placesInvalid', { package: packageNames(`${name}.name`) }) });
    }
    if (errors.length) {
      setSummary(errors);
      setAttempt((n) => n + 1);
      return;
    }
    try {
      await save.mutateAsync({ fees_minor: feesSent as Record<string, number>, season_start: start, season_end: end, companion_limit: Number(companions), packages: packages as Package[], open, places: placesSent as Record<string, number | null> });
      setSummary([]);
      setSaved(true);
    } catch (error) {
      const fields = error instanceof ApiClientError ? error.fields : {};
      const placed = Object.entries(fields).map(([field, messages]) => ({ field: id(field.startsWith('fees_minor.') ? field.replace('fees_minor.', 'fee-') : field === 'companion_limit' ? 'limit' : field.startsWith('places.') ? field.replace('.', '-') : field.split('.')[0]!), message: messages[0] ?? '' }));
      setSummary(placed.length ? placed : [{ field: FORM_ERROR, message: error instanceof ApiClientError ? error.message : t('failedSave') }]);
      setAttempt((n) => n + 1);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={id('title')} className="flex flex-col gap-4 rounded-xl border border-slate-300 bg-white p-5">
      <h2 id={id('title')} className="text-xl font-bold">{name}</h2>
      <p className="text-sm text-muted">{t('now', { fee: formats.money(service.fee_minor, service.currency), limit: formats.number(service.companion_limit) })}</p>
      {saved && <p role="status" className="rounded-lg bg-brand-50 p-3">{t('saved', { service: name })}</p>}
      <ErrorSummary errors={summary} formId={service.id} attempt={attempt} />
      <fieldset className="flex flex-col gap-2" aria-describedby={id('fee-hint')}>
        <legend className="mb-1 font-semibold">{t('fee', { currency: service.currency })}</legend>
        <span className="text-sm text-muted" id={id('fee-hint')}>{t('feeHint')}</span>
        {PACKAGES.filter((name) => packages.includes(name)).map((name) => (
          <NumberField
            key={name}
            id={id(`fee-${name}`)}
            label={packageNames(`${name}.name`)}
            value={fees[name] ?? ''}
            onChange={(value) => setFees((now) => ({ ...now, [name]: value }))}
            inputMode="decimal"
            error={errorOf(`fee-${name}`)}
          />
        ))}
      </fieldset>
      <DateInput id={id('season_start')} name="season_start" legend={t('seasonStart')} value={start} onChange={setStart} isInvalid={Boolean(errorOf('season_start'))} errorMessage={errorOf('season_start')} question="office_season" defaultCalendar="hijri" />
      <DateInput id={id('season_end')} name="season_end" legend={t('seasonEnd')} value={end} onChange={setEnd} isInvalid={Boolean(errorOf('season_end'))} errorMessage={errorOf('season_end')} question="office_season" defaultCalendar="hijri" />
      <NumberField id={id('limit')} label={t('limit')} value={limit} onChange={setLimit} inputMode="numeric" error={errorOf('limit')} />
      <fieldset id={id('packages')} tabIndex={-1} aria-describedby={`${id('packages-hint')}${errorOf('packages') ? ` ${id('packages-error')}` : ''}`} className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('packages')}</legend>
        <span className="text-sm text-muted" id={id('packages-hint')}>{t('packagesHint')}</span>
        {errorOf('packages') && <span className="text-sm font-medium text-red-700" id={id('packages-error')}>{errorOf('packages')}</span>}
        {PACKAGES.map((name) => (
          <label key={name} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={packages.includes(name)}
              onChange={(e) => setPackages((now) => (e.target.checked ? [...now, name] : now.filter((value) => value !== name)))}
              className="size-5 accent-brand-800"
            />
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
              id={id(`places-${name}`)}
              label={packageNames(`${name}.name`)}
              hint={t('placesHeld', { held: service.places_held[name] ?? 0, shown: formats.number(service.places_held[name] ?? 0) })}
              value={places[name] ?? ''}
              onChange={(value) => setPlaces((now) => ({ ...now, [name]: value }))}
              inputMode="numeric"
              error={errorOf(`places-${name}`)}
            />
          ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('open')}</legend>
        {([true, false] as const).map((value) => (
          <label key={String(value)} className="flex items-center gap-2">
            <input type="radio" name={id('open')} checked={open === value} onChange={() => setOpen(value)} className="size-5 accent-brand-800" />
            {t(value ? 'openYes' : 'openNo')}
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-muted">{t('appliesTo')}</p>
      <PlainButton type="submit" isPending={save.isPending} className="self-start">{t('save', { service: name })}</PlainButton>
    </form>
  );
}

/**
 * A number of the form (a package's fee or places, the companion limit): named by its label alone, its
 * hint and error read after the name (aria-describedby), never as part of it,
 * so the field keeps its name when an error appears.
 */
function NumberField({ id, label, hint, value, onChange, inputMode, error }: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  inputMode: 'decimal' | 'numeric';
  error?: string;
}) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {hint && (
        <span className="text-sm text-muted" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="text-sm font-medium text-red-700" id={`${id}-error`}>
          {error}
        </span>
      )}
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode={inputMode}
        dir="ltr"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={inputClass}
      />
    </div>
  );
}
