// @vitest-environment happy-dom
import { createRef, useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import { CalendarDate, GregorianCalendar } from '@internationalized/date';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { isHijriDate } from '@/lib/validation/hijri';
import { HijriDateField, gregorianEquivalent, hijriCalendarDate, hijriTextOf, type HijriDateFieldProps } from './hijri-date-field';

const MESSAGES = { en, ar } as const;
type Locale = keyof typeof MESSAGES;

afterEach(() => {
  cleanup();
});

/** The day button of the shown month (days of the months around it are rendered, but disabled and hidden). */
function dayButton(dialog: HTMLElement, day: string): HTMLElement {
  const buttons = within(dialog)
    .getAllByRole('button')
    .filter((button) => button.textContent === day && button.getAttribute('aria-disabled') !== 'true');
  expect(buttons).toHaveLength(1);
  return buttons[0] as HTMLElement;
}

function renderField(locale: Locale, props: Partial<HijriDateFieldProps> = {}) {
  const onChange = vi.fn<(value: string) => void>();
  const label = locale === 'ar' ? 'تاريخ الميلاد' : 'Date of birth';
  const view = render(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Asia/Riyadh">
      <HijriDateField label={label} value="" onChange={onChange} {...props} />
    </NextIntlClientProvider>,
  );
  return { ...view, onChange, label };
}

/** The field with its value kept in state, as a form would. */
function StatefulField({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <HijriDateField
      label="Date of birth"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('HijriDateField typed entry', () => {
  it('keeps whatever is typed, even when it is not a date, and reports the raw text', () => {
    const onChange = vi.fn<(value: string) => void>();
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Riyadh">
        <StatefulField onChange={onChange} />
      </NextIntlClientProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Date of birth' }) as HTMLInputElement;
    expect(input.getAttribute('dir')).toBe('ltr');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.placeholder).toBe('DD-MM-YYYY');

    fireEvent.change(input, { target: { value: '31-13-14' } });
    expect(onChange).toHaveBeenLastCalledWith('31-13-14');
    expect(input.value).toBe('31-13-14');

    fireEvent.change(input, { target: { value: '01-09-1447' } });
    expect(onChange).toHaveBeenLastCalledWith('01-09-1447');
    expect(input.value).toBe('01-09-1447');
  });

  it('passes id, name and inputRef to the input and reports blur', () => {
    const inputRef = createRef<HTMLInputElement>();
    const onBlur = vi.fn();
    renderField('en', { id: 'wizard-birthDate', name: 'birthDate', inputRef, onBlur });
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    expect(input.id).toBe('wizard-birthDate');
    expect(input.getAttribute('name')).toBe('birthDate');
    expect(inputRef.current).toBe(input);
    fireEvent.blur(input);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});

describe('HijriDateField Gregorian equivalent', () => {
  it('shows the Gregorian date of a valid Umm al-Qura date in English', () => {
    renderField('en', { value: '01-09-1447' });
    const line = screen.getByText('Gregorian: 18 February 2026');
    expect(screen.getByRole('textbox', { name: 'Date of birth' }).getAttribute('aria-describedby')).toContain(line.id);
  });

  it('shows it with Arabic digits and month names in Arabic', () => {
    renderField('ar', { value: '01-09-1447' });
    const line = screen.getByText(/^الموافق:/);
    expect(line.textContent).toContain('فبراير');
    expect(line.textContent).toContain('١٨');
    expect(line.textContent).toContain('٢٠٢٦');
  });

  it.each(['', '01-09-14', '1-9-1447', '30-02-1447', '01-13-1447', '01/09/1447'])('shows nothing for %j', (value) => {
    renderField('en', { value });
    expect(screen.queryByText(/Gregorian/)).toBeNull();
    expect(gregorianEquivalent(value, 'en')).toBeNull();
  });
});

describe('HijriDateField errors', () => {
  it('shows the error message and links it and the description to the input', () => {
    renderField('en', {
      value: '30-02-1447',
      isInvalid: true,
      errorMessage: 'Enter a Hijri date that exists, as DD-MM-YYYY',
      description: 'As in your passport',
    });
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    const error = screen.getByText('Enter a Hijri date that exists, as DD-MM-YYYY');
    const description = screen.getByText('As in your passport');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy).toContain(error.id);
    expect(describedBy).toContain(description.id);
    expect(error.className).toContain('text-red-700');
    expect(error.className).toContain('text-sm');
  });

  it('has no error and no aria-invalid when valid', () => {
    renderField('en', { value: '01-09-1447', errorMessage: 'Hidden' });
    expect(screen.queryByText('Hidden')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Date of birth' }).hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('HijriDateField calendar', () => {
  it('names the calendar button in both languages', () => {
    renderField('en');
    expect(screen.getByRole('button', { name: 'Choose date Date of birth' })).toBeTruthy();
    cleanup();
    renderField('ar');
    expect(screen.getByRole('button', { name: 'اختر التاريخ تاريخ الميلاد' })).toBeTruthy();
  });

  it('opens on the typed date in English, weeks from Sunday, and picking a day reports DD-MM-YYYY and closes', async () => {
    const { onChange } = renderField('en', { value: '01-09-1447' });
    const button = screen.getByRole('button', { name: /Choose date/ });
    button.focus();
    fireEvent.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Hijri calendar' });
    expect(within(dialog).getByRole('heading').textContent).toMatch(/Ramadan 1447/);
    expect(dialog.querySelector('thead th')?.textContent).toBe('Sun');
    expect(within(dialog).getByRole('button', { name: 'Previous month' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Next month' })).toBeTruthy();

    const selected = within(dialog).getByRole('button', { name: /selected/i });
    expect(selected.textContent).toBe('1');

    fireEvent.click(dayButton(dialog, '15'));
    expect(onChange).toHaveBeenLastCalledWith('15-09-1447');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('shows Arabic month names and digits in Arabic and picks the right day', async () => {
    const { onChange } = renderField('ar', { value: '01-09-1447' });
    fireEvent.click(screen.getByRole('button', { name: /اختر التاريخ/ }));

    const dialog = await screen.findByRole('dialog', { name: 'التقويم الهجري' });
    expect(within(dialog).getByRole('heading').textContent).toContain('رمضان');
    expect(within(dialog).getByRole('heading').textContent).toContain('١٤٤٧');
    expect(within(dialog).getByRole('button', { name: 'الشهر السابق' })).toBeTruthy();
    expect(dialog.querySelector('thead th')?.textContent).toBe('ح');

    fireEvent.click(dayButton(dialog, '٢٩'));
    expect(onChange).toHaveBeenLastCalledWith('29-09-1447');
  });

  it('moves to the next Hijri month', async () => {
    const { onChange } = renderField('en', { value: '01-09-1447' });
    fireEvent.click(screen.getByRole('button', { name: /Choose date/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(within(dialog).getByRole('heading').textContent).toMatch(/Shawwal 1447/));
    fireEvent.click(dayButton(dialog, '3'));
    expect(onChange).toHaveBeenLastCalledWith('03-10-1447');
  });

  it('offers only the days between minValue and maxValue', async () => {
    const { onChange } = renderField('en', { value: '15-09-1447', minValue: '10-09-1447', maxValue: '20-09-1447' });
    fireEvent.click(screen.getByRole('button', { name: /Choose date/ }));
    const dialog = await screen.findByRole('dialog');
    const early = within(dialog)
      .getAllByRole('button')
      .filter((button) => button.textContent === '5');
    expect(early.length).toBeGreaterThan(0);
    for (const button of early) expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(early[0] as HTMLElement);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(dayButton(dialog, '20'));
    expect(onChange).toHaveBeenLastCalledWith('20-09-1447');
  });

  it('picks a valid Hijri date when the field was empty', async () => {
    const { onChange } = renderField('en');
    fireEvent.click(screen.getByRole('button', { name: /Choose date/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dayButton(dialog, '10'));
    const picked = onChange.mock.lastCall?.[0] ?? '';
    expect(picked).toMatch(/^10-\d{2}-\d{4}$/);
    expect(isHijriDate(picked)).toBe(true);
  });
});

describe('HijriDateField helpers', () => {
  it('turns a picked date into Umm al-Qura DD-MM-YYYY, also from a Gregorian date', () => {
    expect(hijriTextOf(new CalendarDate(new GregorianCalendar(), 2026, 2, 18))).toBe('01-09-1447');
    const hijri = hijriCalendarDate('09-12-1447');
    expect(hijri).not.toBeNull();
    expect(hijri && hijriTextOf(hijri)).toBe('09-12-1447');
  });

  it('reads only valid Umm al-Qura dates', () => {
    expect(hijriCalendarDate('30-02-1447')).toBeNull();
    expect(hijriCalendarDate('29-02-1447')?.toString()).toBeDefined();
  });
});
