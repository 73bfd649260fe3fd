'use client';

import { useId, useState, type FocusEvent, type Ref } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Radio, RadioGroup } from 'react-aria-components';
import { answerOf, calendarOfAnswer, CALENDARS, partsOf, type DateCalendar, type DateParts } from '@/lib/validation/date-parts';
import { useFormats } from '@/lib/i18n/use-formats';
import { pageDigits } from '@/lib/i18n/numbers';
import { focusRing } from './focus-ring';
import { focusVisibleRing } from './focus-visible-ring';
import { messageOf, hasMessage } from '@/lib/i18n/data-keys';

/** Where the pilgrim's last choice of calendar for a question is remembered on this device. */
const storageKey = (question: string) => `date-calendar.${question}`;

function rememberedCalendar(question: string): DateCalendar | null {
  try {
    const saved = window.localStorage.getItem(storageKey(question));
    return CALENDARS.includes(saved as DateCalendar) ? (saved as DateCalendar) : null;
  } catch {
    return null; // storage refused (private mode): the question's default
  }
}

function remember(question: string, calendar: DateCalendar) {
  try {
    window.localStorage.setItem(storageKey(question), calendar);
  } catch {
    // Not remembered; the choice still holds on this page.
  }
}

export type DateInputProps = {
  /** The question, e.g. "Passport expiry date": the fieldset's legend. */
  legend: string;
  description?: string;
  /** The answer: Hijri DD-MM-YYYY once whole, otherwise what was typed (lib/validation/date-parts.ts). */
  value: string;
  onChange: (value: string) => void;
  /** Called when focus leaves the whole date, not when it moves from day to month. */
  onBlur?: () => void;
  isInvalid?: boolean;
  errorMessage?: string;
  /** The day field's id (the error summary focuses it). */
  id: string;
  name: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Names the remembered calendar choice, e.g. `date_of_birth` (shared by every pilgrim). */
  question: string;
  /** The calendar the document this is read from prints (a passport: Gregorian; a Saudi ID: Hijri). */
  defaultCalendar: DateCalendar;
};

const partStyles = {
  day: 'w-16',
  month: 'w-16',
  year: 'w-24',
} as const;

/**
 * A date as GOV.UK asks for one: a fieldset of Day, Month and Year fields
 * with a numeric keypad, in the Hijri or Gregorian calendar (radios), and the
 * same day in the other calendar shown beneath as soon as it is whole.
 */
export function DateInput({
  legend,
  description,
  value,
  onChange,
  onBlur,
  isInvalid = false,
  errorMessage,
  id,
  name,
  inputRef,
  question,
  defaultCalendar,
}: DateInputProps) {
  const t = useTranslations('DateInput');
  const formats = useFormats();
  const locale = useLocale();
  // A saved answer's parts in the page's digits (docs/DIGITS.md): typed as ١٥ on an Arabic page, shown so again.
  const shownParts = (answer: string, of: DateCalendar): DateParts => {
    const parts = partsOf(answer, of);
    return { day: pageDigits(parts.day, locale), month: pageDigits(parts.month, locale), year: pageDigits(parts.year, locale) };
  };
  const ownId = useId();
  // Read on the first render: the wizard's fields render in the browser only (after the draft loads).
  const [calendar, setCalendar] = useState<DateCalendar>(
    () => calendarOfAnswer(value) ?? (typeof window === 'undefined' ? null : rememberedCalendar(question)) ?? defaultCalendar,
  );
  const [parts, setParts] = useState<DateParts>(() => shownParts(value, calendar));
  // The answer this field last gave: a different value comes from outside (a reset, a reload).
  const [emitted, setEmitted] = useState(value);
  if (value !== emitted) {
    setEmitted(value);
    setParts(shownParts(value, calendarOfAnswer(value) ?? calendar));
  }

  function change(next: DateParts, nextCalendar = calendar) {
    setParts(next);
    const answer = answerOf(next, nextCalendar);
    setEmitted(answer);
    if (answer !== value) onChange(answer);
  }

  function chooseCalendar(next: DateCalendar) {
    remember(question, next);
    setCalendar(next);
    // A whole date stays the same day, shown in the other calendar; anything else is read anew.
    const whole = answerOf(parts, calendar);
    if (calendarOfAnswer(whole) === null && whole !== '') setParts(shownParts(whole, next));
    else change(parts, next);
  }

  function leave(event: FocusEvent<HTMLFieldSetElement>) {
    const next = event.relatedTarget as HTMLElement | null;
    if (next && event.currentTarget.contains(next)) return;
    // Leaving for the submit button: the submit checks everything (see FormTextField).
    if (next?.getAttribute('type') === 'submit' && next.closest('form') === event.currentTarget.closest('form')) return;
    onBlur?.();
  }

  const answer = formats.hijriAnswer(value);
  const equivalent = answer ? (calendar === 'hijri' ? answer.gregorian : answer.hijri) : null;
  const hintId = `${ownId}-hint`;
  const errorId = `${ownId}-error`;
  const equivalentId = `${ownId}-equivalent`;
  const showError = isInvalid && Boolean(errorMessage);
  // A question may have its own example (a passport expiry lies ahead, a birth behind).
  const example = hasMessage(t, `examples.${question}.${calendar}`) ? messageOf(t, `examples.${question}.${calendar}`) : t(calendar === 'hijri' ? 'hijriExample' : 'gregorianExample');
  const describedBy = [hintId, showError && errorId, equivalent && equivalentId].filter(Boolean).join(' ');

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" onBlur={leave} aria-describedby={description ? `${ownId}-description` : undefined}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {description && (
        <p id={`${ownId}-description`} className="text-sm text-muted">
          {description}
        </p>
      )}
      <RadioGroup
        aria-label={t('calendarOf', { question: legend })}
        value={calendar}
        onChange={(next) => chooseCalendar(next as DateCalendar)}
        orientation="horizontal"
        className="flex flex-wrap gap-x-4 gap-y-2"
      >
        {CALENDARS.map((option) => (
          <Radio key={option} value={option} className="group flex cursor-default items-center gap-2">
            {({ isSelected, isFocusVisible }) => (
              <>
                <span className={`size-5 shrink-0 rounded-full border-2 border-brand-700 bg-white ${isSelected ? 'border-[6px]' : ''} ${focusRing({ isFocusVisible })}`} />
                <span>{t(option)}</span>
              </>
            )}
          </Radio>
        ))}
      </RadioGroup>
      <p id={hintId} className="text-sm text-muted">
        {example}
      </p>
      {showError && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {errorMessage}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {(['day', 'month', 'year'] as const).map((part) => {
          const inputId = part === 'day' ? id : `${id}-${part}`;
          return (
            <div key={part} className="flex flex-col gap-1">
              <label htmlFor={inputId} className="text-sm">
                {t(part)}
              </label>
              <input
                ref={part === 'day' ? inputRef : undefined}
                id={inputId}
                name={`${name}.${part}`}
                type="text"
                inputMode="numeric"
                dir="ltr"
                autoComplete="off"
                maxLength={part === 'year' ? 4 : 2}
                value={parts[part]}
                onChange={(event) => change({ ...parts, [part]: event.target.value })}
                aria-invalid={isInvalid || undefined}
                aria-describedby={describedBy}
                className={`${partStyles[part]} rounded-lg border bg-white px-3 py-2 text-base text-ink ${isInvalid ? 'border-red-700' : 'border-slate-500'} ${focusVisibleRing}`}
              />
            </div>
          );
        })}
      </div>
      {equivalent && (
        <p id={equivalentId} className="text-sm text-muted">
          {t('equivalent', { date: equivalent })}
        </p>
      )}
    </fieldset>
  );
}
