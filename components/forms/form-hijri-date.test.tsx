// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { isHijriDate, parseHijri } from '@/lib/validation/hijri';
import { FormHijriDate } from './form-hijri-date';

// Issue 63, item 9: an expiry date's error stayed on screen after a valid date was typed, until focus left the date.

type Values = { passport_expiry: string };
const TOO_SOON = 'The passport must be valid for longer';
// As the step's rules: a whole date far enough ahead.
const resolver: Resolver<Values> = async (values) => {
  const date = isHijriDate(values.passport_expiry) ? parseHijri(values.passport_expiry) : null;
  if (date && date.year >= 1452) return { values, errors: {} } as ResolverResult<Values>;
  return { values: {}, errors: { passport_expiry: { type: 'custom', message: TOO_SOON } } } as ResolverResult<Values>;
};

function Question() {
  const form = useForm<Values>({ resolver, defaultValues: { passport_expiry: '01-01-1449' }, mode: 'onBlur', reValidateMode: 'onBlur' });
  return (
    <form onSubmit={form.handleSubmit(() => {})}>
      <FormHijriDate control={form.control} name="passport_expiry" formId="applicant" label="Passport expiry date" defaultCalendar="hijri" />
    </form>
  );
}
const submit = () => fireEvent.submit(document.querySelector('form')!);

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('a date question with an error', () => {
  it('clears the error as soon as a whole valid date is typed, without leaving the date', async () => {
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Riyadh">
        <Question />
      </NextIntlClientProvider>,
    );
    await act(async () => void submit());
    const group = screen.getByRole('group', { name: /Passport expiry date/ });
    await waitFor(() => expect(group.textContent).toContain(TOO_SOON));
    const field = (part: 'day' | 'month' | 'year') => within(group).getByRole('textbox', { name: en.DateInput[part] });
    // Typing the year digit by digit: an unfinished date leaves the error as it is.
    fireEvent.change(field('year'), { target: { value: '145' } });
    expect(group.textContent).toContain(TOO_SOON);
    fireEvent.change(field('year'), { target: { value: '1453' } });
    await waitFor(() => expect(group.textContent).not.toContain(TOO_SOON));
    expect(field('year').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('a whole date still too soon keeps the error', async () => {
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Riyadh">
        <Question />
      </NextIntlClientProvider>,
    );
    await act(async () => void submit());
    const group = screen.getByRole('group', { name: /Passport expiry date/ });
    fireEvent.change(within(group).getByRole('textbox', { name: en.DateInput.year }), { target: { value: '1450' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(group.textContent).toContain(TOO_SOON);
  });
});
