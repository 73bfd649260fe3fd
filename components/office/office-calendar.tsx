'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { DateInput } from '@/components/ui/date-input';
import { PlainButton } from '@/components/ui/plain-button';
import { useFormats } from '@/lib/i18n/use-formats';
import { useCalendarChange, useOfficeCalendar } from '@/lib/office/queue-actions-api';
import { isHijriDate } from '@/lib/validation/hijri';

const CARD = 'flex flex-col gap-4 rounded-xl border border-slate-300 bg-white p-5';
// Sunday first, as the office's week (DESIGN section 5).
const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * The office's working week and public holidays (issue 41, item 2): the
 * review clocks run only on working days. A holiday is added as a day in
 * either calendar and kept as its Hijri date; the change is saved as a whole.
 */
export function OfficeCalendarForm() {
  const t = useTranslations('Office.calendar');
  const formats = useFormats();
  const { data } = useOfficeCalendar();
  const change = useCalendarChange();
  const [draft, setDraft] = useState<{ work_days: number[]; holidays: string[] } | null>(null);
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  if (!data) return null;
  const calendar = draft ?? data;
  const edit = (next: typeof calendar) => {
    setDraft(next);
    setSaved(false);
  };

  return (
    <section aria-labelledby="calendar-title" className={CARD}>
      <h2 id="calendar-title" className="text-lg font-bold">{t('title')}</h2>
      <p className="text-sm text-muted">{t('intro')}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('workDays')}</legend>
        <div className="flex flex-wrap gap-4">
          {DAYS.map((weekday) => (
            <label key={weekday} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={calendar.work_days.includes(weekday)}
                onChange={(event) => edit({ ...calendar, work_days: event.target.checked ? [...calendar.work_days, weekday].sort() : calendar.work_days.filter((d) => d !== weekday) })}
                className="size-5 accent-brand-800"
              />
              {t(`days.${weekday}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">{t('holidays')}</h3>
        {calendar.holidays.length === 0 ? (
          <p className="text-muted">{t('noHolidays')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {calendar.holidays.map((holiday) => {
              const shown = formats.hijriAnswer(holiday);
              return (
                <li key={holiday} className="flex flex-wrap items-center gap-3">
                  <span>{shown ? `${shown.hijri} (${shown.gregorian})` : holiday}</span>
                  <PlainButton type="button" variant="secondary" className="px-2 py-1 text-sm" onClick={() => edit({ ...calendar, holidays: calendar.holidays.filter((h) => h !== holiday) })}>
                    {t('remove', { day: shown?.hijri ?? holiday })}
                  </PlainButton>
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <DateInput id="calendar-holiday" name="holiday" legend={t('addHoliday')} value={day} onChange={setDay} isInvalid={Boolean(error)} errorMessage={error ?? undefined} question="office_holiday" defaultCalendar="hijri" />
          <PlainButton
            type="button"
            variant="secondary"
            onClick={() => {
              if (!isHijriDate(day)) return setError(t('dayInvalid'));
              setError(null);
              setDay('');
              if (!calendar.holidays.includes(day)) edit({ ...calendar, holidays: [...calendar.holidays, day] });
            }}
          >
            {t('add')}
          </PlainButton>
        </div>
      </div>
      {calendar.work_days.length === 0 && <p role="alert" className="text-sm text-red-800">{t('noWorkDay')}</p>}
      <PlainButton
        type="button"
        className="self-start"
        isPending={change.isPending}
        disabled={calendar.work_days.length === 0}
        onClick={() => change.mutate(calendar, { onSuccess: () => { setDraft(null); setSaved(true); } })}
      >
        {t('save')}
      </PlainButton>
      {saved && <p role="status">{t('saved')}</p>}
      {change.isError && <p role="alert" className="text-sm text-red-800">{change.error.message}</p>}
    </section>
  );
}
