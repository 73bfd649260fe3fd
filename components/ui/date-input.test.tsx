// @vitest-environment happy-dom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { DateInput } from './date-input';
import type { DateCalendar } from '@/lib/validation/date-parts';

const MESSAGES = { en, ar } as const;
type Locale = keyof typeof MESSAGES;

beforeEach(() => window.localStorage.clear());
afterEach(() => cleanup());

/** The date question with its answer kept in state, as the form keeps it. */
function Question({ initial = '', onChange, calendar = 'gregorian' }: { initial?: string; onChange: (value: string) => void; calendar?: DateCalendar }) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      id="applicant-passport_expiry"
      name="passport_expiry"
      legend="Passport expiry date"
      question="passport_expiry"
      defaultCalendar={calendar}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function renderQuestion(locale: Locale, props: Partial<Parameters<typeof Question>[0]> = {}) {
  const onChange = vi.fn<(value: string) => void>();
  render(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Asia/Riyadh">
      <Question onChange={onChange} {...props} />
    </NextIntlClientProvider>,
  );
  const m = MESSAGES[locale].DateInput;
  const group = screen.getByRole('group', { name: 'Passport expiry date' });
  const field = (part: 'day' | 'month' | 'year') => within(group).getByRole('textbox', { name: m[part] });
  const type = (day: string, month: string, year: string) => {
    fireEvent.change(field('day'), { target: { value: day } });
    fireEvent.change(field('month'), { target: { value: month } });
    fireEvent.change(field('year'), { target: { value: year } });
  };
  return { onChange, m, group, field, type };
}

describe('a date question (day, month, year and a calendar)', () => {
  it('is a group of Day, Month and Year fields with a numeric keypad, in English and Arabic', () => {
    for (const locale of ['en', 'ar'] as const) {
      const { m, field, group } = renderQuestion(locale);
      for (const part of ['day', 'month', 'year'] as const) expect(field(part).getAttribute('inputmode')).toBe('numeric');
      expect(within(group).getByRole('radio', { name: m.gregorian })).toHaveProperty('checked', true);
      expect(within(group).getByRole('radio', { name: m.hijri })).toHaveProperty('checked', false);
      cleanup();
    }
    expect(ar.DateInput.day).toBe('يوم');
    expect(ar.DateInput.hijri).toBe('هجري');
    expect(ar.DateInput.gregorian).toBe('ميلادي');
  });

  it('keeps a Gregorian date as the same day in Hijri DD-MM-YYYY and shows the Hijri date beneath', () => {
    const { onChange, type } = renderQuestion('en');
    type('15', '6', '2030');
    expect(onChange).toHaveBeenLastCalledWith('13-02-1452');
    expect(screen.getByText('= Safar 13, 1452 AH')).toBeDefined();
  });

  it('takes Arabic-Indic digits and shows the equivalent in Arabic', () => {
    const { onChange, type } = renderQuestion('ar');
    type('١٥', '٦', '٢٠٣٠');
    expect(onChange).toHaveBeenLastCalledWith('13-02-1452');
    expect(screen.getByText('= ١٣ صفر ١٤٥٢ هـ')).toBeDefined();
  });

  it('in Hijri keeps what was typed and shows the Gregorian day beneath', () => {
    const { onChange, type, group, m } = renderQuestion('ar', { calendar: 'hijri' });
    expect(within(group).getByRole('radio', { name: m.hijri })).toHaveProperty('checked', true);
    type('14', '3', '1410');
    expect(onChange).toHaveBeenLastCalledWith('14-03-1410');
    expect(screen.getByText('= ١٥ أكتوبر ١٩٨٩')).toBeDefined();
  });

  it('switching the calendar shows the same day in the other calendar, and the choice is remembered', () => {
    const { onChange, group, m, field } = renderQuestion('en', { initial: '13-02-1452' });
    expect(field('year')).toHaveProperty('value', '2030');
    fireEvent.click(within(group).getByRole('radio', { name: m.hijri }));
    expect([field('day'), field('month'), field('year')].map((input) => (input as HTMLInputElement).value)).toEqual(['13', '2', '1452']);
    expect(onChange).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('date-calendar.passport_expiry')).toBe('hijri');
    cleanup();
    const again = renderQuestion('en', { initial: '13-02-1452' });
    expect(within(again.group).getByRole('radio', { name: m.hijri })).toHaveProperty('checked', true);
    expect(again.field('year')).toHaveProperty('value', '1452');
  });

  it('a date that does not exist is never kept as a valid answer', () => {
    const { onChange, type } = renderQuestion('en');
    type('29', '2', '2031');
    expect(onChange).toHaveBeenLastCalledWith('29/2/2031');
    expect(screen.queryByText(/^=/)).toBeNull();
  });
});
