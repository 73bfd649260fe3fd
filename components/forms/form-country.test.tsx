// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { FormCountry } from './form-country';

// The nationality field's words and its list as typed (moved from e2e/nationality.spec.ts, issue 60, item 8). Which
// letters find which country, and the order with the applicant's first, are lib/requests/countries.test.ts's; the
// list drawn row by row (aria-setsize) and laid out in the page's direction stay in the browser (nationality.spec.ts).

// happy-dom lays nothing out: every box is 0 × 0, and the list's virtualizer would draw no row in a list of no
// height. Boxes of a phone's list (300 × 288 px, max-h-72) let it draw the rows in sight, as a browser does.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(288);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const MESSAGES = { en, ar: ar as typeof en } as const;

function Nationality() {
  const form = useForm<{ nationality: string }>({ defaultValues: { nationality: '' } });
  return <FormCountry control={form.control} name="nationality" formId="applicant" label="Nationality" />;
}

function renderField(locale: 'en' | 'ar') {
  render(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Asia/Riyadh">
      <Nationality />
    </NextIntlClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Nationality' }) as HTMLInputElement;
}

describe('the nationality field', () => {
  for (const [locale, otherLanguage] of [
    ['ar', 'Egy'],
    ['en', 'مصر'],
  ] as const) {
    it(`finds Egypt by its name in the other language, and letters that match no country say so and keep what was typed (${locale})`, () => {
      const egypt = new Intl.DisplayNames([locale], { type: 'region' }).of('EG')!;
      const field = renderField(locale);
      field.focus();
      fireEvent.change(field, { target: { value: otherLanguage } });
      expect(within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual([egypt]);
      fireEvent.change(field, { target: { value: `${otherLanguage}q` } });
      // The message is the list's one entry (react-aria gives it the option role, so a screen reader reads it).
      expect(within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual([MESSAGES[locale].Forms.noCountry]);
      expect(field.value).toBe(`${otherLanguage}q`);
    });
  }
});
