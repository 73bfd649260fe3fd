'use client';

import { useId, useMemo, useState, type Ref } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Dialog,
  DialogTrigger,
  Heading,
  I18nProvider,
  Popover,
  type CalendarCellProps,
} from 'react-aria-components';
import { CalendarDate, IslamicUmalquraCalendar } from '@internationalized/date';
import { tv } from 'tailwind-variants';
import { formatHijri, hijriToGregorian, isHijriDate, parseHijri } from '@/lib/validation/hijri';
import { focusRing, focusVisibleRing } from './focus-ring';
import { ChevronBackIcon, ChevronForwardIcon } from './icons';

const ummAlQura = new IslamicUmalquraCalendar();

/**
 * The calendar popover speaks the page language but counts in Umm al-Qura:
 * Arabic digits and month names in Arabic, Latin digits and "Ramadan" in English.
 */
const CALENDAR_LOCALE = { en: 'en-US-u-ca-islamic-umalqura', ar: 'ar-SA-u-ca-islamic-umalqura' } as const;

/** Day-month-year in both languages: "18 February 2026" / "١٨ فبراير ٢٠٢٦". */
const GREGORIAN_LOCALE = { en: 'en-GB', ar: 'ar-SA' } as const;

type PageLocale = keyof typeof CALENDAR_LOCALE;

function pageLocale(locale: string): PageLocale {
  return locale === 'ar' ? 'ar' : 'en';
}

/** The Umm al-Qura date of a DD-MM-YYYY text, or null when the text is not a valid Hijri date. */
export function hijriCalendarDate(text: string): CalendarDate | null {
  if (!isHijriDate(text)) return null;
  const date = parseHijri(text);
  return date && new CalendarDate(ummAlQura, date.year, date.month, date.day);
}

/** A date of @internationalized/date, from whichever copy of it made the date. */
interface PickedDate {
  readonly calendar: { toJulianDay(date: PickedDate): number };
  readonly era: string;
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/**
 * What the field receives when a day is picked in the calendar: DD-MM-YYYY in
 * Umm al-Qura with Latin digits. The calendar hands back Gregorian dates while
 * the field is empty, so the date goes through its Julian day first (which also
 * works when react-aria-components brings its own copy of @internationalized/date).
 */
export function hijriTextOf(date: PickedDate): string {
  const hijri = ummAlQura.fromJulianDay(date.calendar.toJulianDay(date));
  return formatHijri({ day: hijri.day, month: hijri.month, year: hijri.year });
}

/**
 * react-aria-components may resolve its own copy of @internationalized/date;
 * its date classes differ from ours by type only (the calendar code works on
 * plain fields), so our Umm al-Qura dates are handed over as its CalendarDate.
 */
function asCalendarValue(date: CalendarDate | null): CalendarCellProps['date'] | null {
  return date as unknown as CalendarCellProps['date'] | null;
}

/** The Gregorian equivalent of a DD-MM-YYYY Hijri text in the page language, or null when it is not valid. */
export function gregorianEquivalent(text: string, locale: string): string | null {
  const date = parseHijri(text);
  if (!date || !isHijriDate(text)) return null;
  const [year, month, day] = hijriToGregorian(date).split('-').map(Number) as [number, number, number];
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  return new Intl.DateTimeFormat(GREGORIAN_LOCALE[pageLocale(locale)], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    calendar: 'gregory',
    timeZone: 'UTC',
  }).format(instant);
}

export type HijriDateFieldProps = {
  label: string;
  /** The Hijri date as DD-MM-YYYY, '' when empty, or whatever (possibly incomplete) text was typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  isInvalid?: boolean;
  errorMessage?: string;
  description?: string;
  /** The input's id (the error summary focuses it). */
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The earliest date the calendar offers, DD-MM-YYYY. */
  minValue?: string;
  /** The latest date the calendar offers, DD-MM-YYYY. */
  maxValue?: string;
};

const inputStyles = tv({
  base: `min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-base text-ink placeholder:text-muted ${focusVisibleRing}`,
  variants: { isInvalid: { true: 'border-red-700', false: 'border-slate-500' } },
});

const iconButtonStyles = tv({
  extend: focusRing,
  base: 'inline-flex shrink-0 items-center justify-center rounded-lg text-brand-800 cursor-default hover:bg-brand-50 pressed:bg-brand-100',
  variants: {
    size: { field: 'size-11 border border-brand-700 bg-white', nav: 'size-9' },
  },
});

const cellStyles = tv({
  extend: focusRing,
  base: 'flex size-9 items-center justify-center rounded-full text-sm cursor-default',
  variants: {
    isSelected: { true: 'bg-brand-700 font-semibold text-white', false: 'text-ink hover:bg-brand-50 pressed:bg-brand-100' },
    isToday: { true: 'ring-1 ring-brand-700' },
    isOutsideMonth: { true: 'hidden' },
    isDisabled: { true: 'text-slate-400 hover:bg-transparent' },
    isUnavailable: { true: 'text-slate-400 line-through' },
  },
});

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" focusable="false">
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A Hijri (Umm al-Qura) date: typed as DD-MM-YYYY or picked from a calendar,
 * with its Gregorian equivalent shown underneath once the date is valid.
 */
export function HijriDateField({
  label,
  value,
  onChange,
  onBlur,
  isInvalid = false,
  errorMessage,
  description,
  id,
  name,
  inputRef,
  minValue,
  maxValue,
}: HijriDateFieldProps) {
  const t = useTranslations('HijriDateField');
  const locale = pageLocale(useLocale());
  const [isOpen, setOpen] = useState(false);

  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const labelId = `${ownId}-label`;
  const buttonId = `${ownId}-button`;
  const descriptionId = `${ownId}-description`;
  const errorId = `${ownId}-error`;
  const gregorianId = `${ownId}-gregorian`;

  const selected = useMemo(() => hijriCalendarDate(value), [value]);
  const min = useMemo(() => (minValue ? hijriCalendarDate(minValue) : null), [minValue]);
  const max = useMemo(() => (maxValue ? hijriCalendarDate(maxValue) : null), [maxValue]);
  const gregorian = useMemo(() => gregorianEquivalent(value, locale), [value, locale]);
  const showError = isInvalid && Boolean(errorMessage);

  const describedBy =
    [description && descriptionId, showError && errorId, gregorian && gregorianId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="flex flex-col gap-1">
      <label id={labelId} htmlFor={inputId} className="text-sm font-semibold">
        {label}
      </label>
      {description && (
        <p id={descriptionId} className="text-sm text-muted">
          {description}
        </p>
      )}
      <div className="flex items-center gap-2">
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          placeholder="DD-MM-YYYY"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
          className={inputStyles({ isInvalid })}
        />
        <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
          <Button
            id={buttonId}
            aria-label={t('chooseDate')}
            aria-labelledby={`${buttonId} ${labelId}`}
            className={(renderProps) => iconButtonStyles({ ...renderProps, size: 'field' })}
          >
            <CalendarIcon />
          </Button>
          <Popover placement="bottom end" className="z-menu rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
            <Dialog aria-label={t('calendar')} className="outline-none">
              <I18nProvider locale={CALENDAR_LOCALE[locale]}>
                <Calendar
                  aria-label={label}
                  value={asCalendarValue(selected)}
                  minValue={asCalendarValue(min)}
                  maxValue={asCalendarValue(max)}
                  firstDayOfWeek="sun"
                  autoFocus
                  onChange={(date) => {
                    onChange(hijriTextOf(date));
                    setOpen(false);
                  }}
                >
                  <header className="mb-2 flex items-center justify-between gap-2">
                    <Button
                      slot="previous"
                      aria-label={t('previousMonth')}
                      className={(renderProps) => iconButtonStyles({ ...renderProps, size: 'nav' })}
                    >
                      <ChevronBackIcon />
                    </Button>
                    <Heading className="text-base font-semibold text-ink" />
                    <Button
                      slot="next"
                      aria-label={t('nextMonth')}
                      className={(renderProps) => iconButtonStyles({ ...renderProps, size: 'nav' })}
                    >
                      <ChevronForwardIcon />
                    </Button>
                  </header>
                  {/* "Sun" in English; Arabic short names are whole words, so one letter ("ح"). */}
                  <CalendarGrid weekdayStyle={locale === 'ar' ? 'narrow' : 'short'} className="border-collapse">
                    <CalendarGridHeader>
                      {(day) => <CalendarHeaderCell className="pb-1 text-xs font-semibold text-muted">{day}</CalendarHeaderCell>}
                    </CalendarGridHeader>
                    <CalendarGridBody>
                      {(date) => <CalendarCell date={date} className={(renderProps) => cellStyles(renderProps)} />}
                    </CalendarGridBody>
                  </CalendarGrid>
                </Calendar>
              </I18nProvider>
            </Dialog>
          </Popover>
        </DialogTrigger>
      </div>
      {gregorian && (
        <p id={gregorianId} className="text-sm text-muted">
          {t('gregorian', { date: gregorian })}
        </p>
      )}
      {showError && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
