'use client';

import { useState } from 'react';
import { get } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import type { OfficeRequestType } from '@/lib/contract/office';
import type { OfficeOpening as OpeningView } from '@/lib/contract/openings';
import { useCatalogueChange, type OpeningSettings } from '@/lib/office/office-requests-api';
import { useOfficeOpening, useOpeningControl, type OpeningAction } from '@/lib/office/openings-api';
import { OFFICE_TIME_ZONE, OFFICE_UTC_OFFSET_MS } from '@/lib/office/time-zone';
import { zonedDayAndTime } from '@/lib/i18n/formats';
import { useFormats } from '@/lib/i18n/use-formats';
import { westernDigits } from '@/lib/validation/digits';
import { checkRules } from '@/components/forms/form-rules';
import { useApiForm } from '@/components/forms/use-api-form';
import { ErrorSummary } from '@/components/ui/error-summary';
import { PlainButton } from '@/components/ui/plain-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/requests/confirm-dialog';
import { openingMoment } from '@/components/openings/opening-moment';
import { NumberField } from './number-field';

// A service's opening in "Services and fees" (issue 59, items 1, 4 and 7; docs/OPENING.md): set, changed or removed
// through the catalogue's PATCH, and, once set, its live panel with pause, resume and end.

/** Riyadh's offset as an ISO moment writes it (+03:00: no daylight saving, lib/office/time-zone.ts). */
const RIYADH_OFFSET = `+${String(OFFICE_UTC_OFFSET_MS / 3_600_000).padStart(2, '0')}:00`;

/** A moment as the datetime field holds it, in Riyadh time: 2027-02-01T09:00. */
const riyadhLocal = (iso: string) => {
  const { day, time } = zonedDayAndTime(new Date(iso), OFFICE_TIME_ZONE);
  return `${day}T${time}`;
};

/** The field's Riyadh time as an ISO moment with its offset; null when it is not one. */
function momentOf(text: string): string | null {
  const plain = westernDigits(text.trim());
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(plain)) return null;
  const iso = `${plain}:00${RIYADH_OFFSET}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** A whole number from min to max as typed (Arabic-Indic digits too), else null. */
function wholeOf(text: string, min: number, max: number): number | null {
  const plain = westernDigits(text.trim());
  return /^\d{1,6}$/.test(plain) && Number(plain) >= min && Number(plain) <= max ? Number(plain) : null;
}

type OpeningValues = { opens_at: string; admit_per_minute: string; queue_opens_minutes_before: string; send_window_minutes: string };

const MINUTE = 60_000;

export function OfficeOpening({ service }: { service: OfficeRequestType }) {
  const t = useTranslations('Office.opening');
  const locale = useLocale();
  const name = locale === 'ar' ? service.name.ar : service.name.en;
  const id = (field: string) => `${service.id}-opening-${field}`;
  // Said above the form, which starts again from the server's settings once they are saved.
  const [saved, setSaved] = useState<'saved' | 'removed' | null>(null);
  return (
    <section aria-labelledby={id('title')} className="flex flex-col gap-4 rounded-xl border border-slate-300 bg-white p-5" data-testid={`office-opening-${service.id}`}>
      <h3 id={id('title')} className="text-lg font-bold">
        {t('title')}
      </h3>
      <p className="text-sm text-muted">{t('lead')}</p>
      {service.opening ? <OpeningPanel service={service} name={name} /> : <p className="font-medium">{t('none')}</p>}
      {saved && (
        <p role="status" className="rounded-lg bg-brand-50 p-3">
          {t(saved === 'removed' ? 'removed' : 'saved', { service: name })}
        </p>
      )}
      {/* Keyed by the opening's time: a new or changed opening starts the form from what the server holds. */}
      <OpeningForm key={service.opening?.opens_at ?? 'none'} service={service} name={name} onSaved={setSaved} />
    </section>
  );
}

function OpeningForm({ service, name, onSaved }: { service: OfficeRequestType; name: string; onSaved: (saved: 'saved' | 'removed' | null) => void }) {
  const t = useTranslations('Office.opening');
  const locale = useLocale();
  const formats = useFormats();
  const save = useCatalogueChange(service.id);
  const opening = service.opening;
  // Admitting: its time is history (the server refuses a change); an ended one may be set anew.
  const begun = opening?.state === 'admitting';
  const id = (field: string) => `${service.id}-opening-${field}`;
  const { form, summary, attempt, onSubmit } = useApiForm<OpeningValues, OpeningSettings>(
    checkRules((values) => {
      const errors: Record<string, string> = {};
      const opensAt = momentOf(values.opens_at);
      if (opensAt === null) errors.opens_at = t('opensAtInvalid');
      const rate = wholeOf(values.admit_per_minute, 1, 100_000);
      if (rate === null) errors.admit_per_minute = t('rateInvalid');
      const before = wholeOf(values.queue_opens_minutes_before, 0, 1440);
      if (before === null) errors.queue_opens_minutes_before = t('beforeInvalid');
      const window = wholeOf(values.send_window_minutes, 1, 1440);
      if (window === null) errors.send_window_minutes = t('windowInvalid');
      return { errors, values: { opens_at: opensAt ?? '', admit_per_minute: rate ?? 0, queue_opens_minutes_before: before ?? 0, send_window_minutes: window ?? 0 } };
    }),
    {
      opens_at: opening ? riyadhLocal(opening.opens_at) : '',
      // In the page's digits, as the catalogue's figures (issue 63, item 8); either digits are read back.
      admit_per_minute: formats.editable(opening ? String(opening.admit_per_minute) : '60'),
      queue_opens_minutes_before: formats.editable(opening ? String(Math.round((Date.parse(opening.opens_at) - Date.parse(opening.queue_opens_at)) / MINUTE)) : '30'),
      send_window_minutes: formats.editable(opening ? String(opening.send_window_minutes) : '15'),
    },
    {
      checkOn: 'submit',
      offlineMessage: t('failedSave'),
      // The server names the opening's fields under opening. (opening.opens_at).
      placeServerError: (field, message) => ({ field: field.replace(/^opening\./, ''), message }),
    },
  );
  const errorOf = (field: string) => (get(form.formState.errors, field) as { message?: string } | undefined)?.message;
  const submit = onSubmit(async (settings) => {
    // Begun: the time as the server holds it, to the millisecond (the field shows minutes).
    await save.mutateAsync({ opening: begun && opening ? { ...settings, opens_at: opening.opens_at } : settings });
    onSaved('saved');
  });
  const typed = momentOf(form.watch('opens_at'));
  const shown = typed ? openingMoment(typed, locale) : null;
  const opensError = errorOf('opens_at');
  return (
    <form
      onSubmit={(event) => {
        onSaved(null);
        void submit(event);
      }}
      noValidate
      // No name of its own: "form" named by its service is the catalogue's (e2e/office-catalogue.spec.ts); this one is in the section "Opening queue".
      className="flex flex-col gap-4 border-t border-slate-200 pt-4"
    >
      <ErrorSummary errors={summary} formId={`${service.id}-opening`} attempt={attempt} />
      {begun && <p className="text-sm text-muted">{t('begun')}</p>}
      <div className="flex flex-col gap-1">
        <label htmlFor={id('opens_at')} className="font-medium">
          {t('opensAt')}
        </label>
        <span className="text-sm text-muted" id={id('opens_at-hint')}>
          {t('opensAtHint')}
          {shown && ` ${t('opensAtShown', { hijri: shown.hijri, gregorian: shown.gregorian, time: shown.time })}`}
        </span>
        {opensError && (
          <span className="text-sm font-medium text-red-700" id={id('opens_at-error')}>
            {opensError}
          </span>
        )}
        <input
          id={id('opens_at')}
          type="datetime-local"
          {...form.register('opens_at')}
          readOnly={begun}
          dir="ltr"
          aria-invalid={opensError ? true : undefined}
          aria-describedby={[id('opens_at-hint'), opensError && id('opens_at-error')].filter(Boolean).join(' ')}
          className="w-64 max-w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink read-only:bg-slate-100"
        />
      </div>
      <NumberField id={id('admit_per_minute')} label={t('rate')} {...form.register('admit_per_minute')} inputMode="numeric" error={errorOf('admit_per_minute')} />
      <NumberField id={id('queue_opens_minutes_before')} label={t('before')} {...form.register('queue_opens_minutes_before')} inputMode="numeric" error={errorOf('queue_opens_minutes_before')} />
      <NumberField id={id('send_window_minutes')} label={t('window')} {...form.register('send_window_minutes')} inputMode="numeric" error={errorOf('send_window_minutes')} />
      <div className="flex flex-wrap gap-3">
        <PlainButton type="submit" isPending={save.isPending}>
          {t('save', { service: name })}
        </PlainButton>
        {service.opening && (
          <ConfirmDialog
            trigger={t('remove.trigger')}
            title={t('remove.title', { service: name })}
            body={t('remove.body')}
            keep={t('remove.keep')}
            confirm={t('remove.confirm')}
            failed={t('remove.failed')}
            onConfirm={async () => {
              await save.mutateAsync({ opening: null });
              onSaved('removed');
            }}
          />
        )}
      </div>
    </form>
  );
}

/** The opening as it runs: counts, rate, the last admission at this rate, the draw; and its controls. */
function OpeningPanel({ service, name }: { service: OfficeRequestType; name: string }) {
  const t = useTranslations('Office.opening.live');
  const { data, isError } = useOfficeOpening(service.id);
  const control = useOpeningControl(service.id);
  const [done, setDone] = useState<OpeningAction | null>(null);
  const [failed, setFailed] = useState(false);
  if (isError && !data) return <p role="alert">{t('failed')}</p>;
  if (!data) return <p aria-busy="true">{t('loading')}</p>;
  const act = async (action: OpeningAction) => {
    setDone(null);
    setFailed(false);
    try {
      await control.mutateAsync(action);
      setDone(action);
    } catch (error) {
      setFailed(true);
      throw error;
    }
  };
  return (
    <div className="flex flex-col gap-4 rounded-lg bg-slate-50 p-4" data-testid={`opening-panel-${service.id}`}>
      <h4 className="font-semibold">{t('title')}</h4>
      <OpeningFigures view={data} />
      <p className="text-sm text-muted">{t('updates')}</p>
      {done && <p role="status" className="rounded-lg bg-brand-50 p-3">{t(`done.${done}`)}</p>}
      {failed && <p role="alert" className="text-sm font-medium text-red-700">{t('failedControl')}</p>}
      {data.opening && data.opening.state !== 'over' && (
        <div className="flex flex-wrap gap-3">
          {data.opening.paused ? (
            <Button variant="secondary" isPending={control.isPending && control.variables === 'resume'} onPress={() => void act('resume').catch(() => undefined)}>
              {t('resume')}
            </Button>
          ) : (
            <Button variant="secondary" isPending={control.isPending && control.variables === 'pause'} onPress={() => void act('pause').catch(() => undefined)}>
              {t('pause')}
            </Button>
          )}
          <ConfirmDialog
            trigger={t('end.trigger')}
            title={t('end.title', { service: name })}
            body={t('end.body')}
            keep={t('end.keep')}
            confirm={t('end.confirm')}
            failed={t('end.failed')}
            onConfirm={() => act('end')}
          />
        </div>
      )}
    </div>
  );
}

const COUNTS = ['waiting', 'admitted', 'sent', 'passed', 'left', 'sold_out'] as const;

/** The figures of the live panel (exported for the component tests). */
export function OpeningFigures({ view }: { view: OpeningView }) {
  const t = useTranslations('Office.opening.live');
  const locale = useLocale();
  const formats = useFormats();
  const { opening } = view;
  const at = (iso: string | null, none: string) => {
    if (!iso) return <span>{none}</span>;
    const moment = openingMoment(iso, locale);
    return (
      <>
        <time dateTime={iso} className="font-semibold text-ink">
          {moment.time}
        </time>
        <span className="text-sm text-muted">
          {moment.hijri} ({moment.gregorian})
        </span>
      </>
    );
  };
  const state = !opening ? null : opening.state === 'over' && opening.ended_reason ? t(`ended.${opening.ended_reason}`) : t(`states.${opening.state}`);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {state && (
        <div className="col-span-2 sm:col-span-3">
          <dt className="text-sm text-muted">{t('state')}</dt>
          <dd className="font-semibold text-ink" data-testid="opening-state">
            {state}
            {opening?.paused && opening.state !== 'over' && <span className="ms-2 rounded bg-amber-100 px-2 py-0.5 text-sm text-amber-900">{t('paused')}</span>}
          </dd>
        </div>
      )}
      {COUNTS.map((count) => (
        <div key={count}>
          <dt className="text-sm text-muted">{t(`counts.${count}`)}</dt>
          <dd className="text-xl font-bold text-ink" data-testid={`opening-count-${count}`}>
            {formats.number(view.counts[count])}
          </dd>
        </div>
      ))}
      {opening && (
        <div>
          <dt className="text-sm text-muted">{t('rate')}</dt>
          <dd className="font-semibold text-ink">{t('rateValue', { shown: formats.number(opening.admit_per_minute) })}</dd>
        </div>
      )}
      <div>
        <dt className="text-sm text-muted">{t('lastAdmission')}</dt>
        <dd className="flex flex-col">{at(view.last_admission_at, t('noLastAdmission'))}</dd>
      </div>
      <div>
        <dt className="text-sm text-muted">{t('drawnAt')}</dt>
        <dd className="flex flex-col">{at(view.drawn_at, t('notDrawn'))}</dd>
      </div>
    </dl>
  );
}
