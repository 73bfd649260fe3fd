// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { RequestTypeInfo } from '@/lib/contract/requests';
import { hijriToday } from '@/lib/requests/travel-months';
import type { Draft } from '../use-draft';
import { ServiceStep } from './service-step';
import { placesLeftOffline } from '@/test/places-left-answer';

// The travel month list of the service step (moved from e2e/travel-months.spec.ts, issue 60, item 8): offered from
// this Hijri month (Makkah time) to the season's end, never a month gone by, each named in the page's language and
// digits. Which months are open is lib/requests/travel-months.test.ts's; this is what the pilgrim reads.

// The step reads places left again in the browser (use-places-left.ts): not here.
beforeEach(placesLeftOffline);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MESSAGES = { en, ar: ar as typeof en } as const;

/** A season that began more than a year ago and ends a year from now: this month and the ones before lie inside it. */
function umrah(): RequestTypeInfo {
  const today = hijriToday();
  return {
    id: 'umrah', code: 'UM', name: { en: 'Umrah', ar: 'عمرة' }, fee_minor: 500_000, fees_minor: { standard: 500_000 }, currency: 'SAR',
    season: {
      start: `01-01-${today.year - 1}`, end: `29-12-${today.year + 1}`, start_gregorian: null, end_gregorian: null,
      applications_close: `29-12-${today.year + 1}`, applications_close_gregorian: null, pilgrimage: null,
    },
    companion_limit: 10, packages: ['standard'], places_left: { standard: null }, open: true, opening: null,
  };
}

function renderStep(locale: 'en' | 'ar') {
  const draft = { answers: {}, update: vi.fn(), flush: vi.fn(), complete: vi.fn() } as unknown as Draft;
  return render(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Asia/Riyadh">
      <ServiceStep draft={draft} type={umrah()} onDone={vi.fn()} />
    </NextIntlClientProvider>,
  );
}

describe('the service step', () => {
  for (const [locale, calendar] of [
    ['ar', 'ar-SA-u-ca-islamic-umalqura-nu-arab'],
    ['en', 'en-u-ca-islamic-umalqura'],
  ] as const) {
    it(`offers the travel months from this Hijri month, named in the page's language and digits (${locale})`, () => {
      renderStep(locale);
      // Written out here with Intl, not with the app's formats module, so a change of the names is a change of the test.
      const month = new Intl.DateTimeFormat(calendar, { month: 'long', year: 'numeric', timeZone: 'Asia/Riyadh' });
      const thisMonth = month.format(new Date());
      // Two months back: inside the season, but gone by.
      const gone = month.format(new Date(Date.now() - 45 * 86_400_000));
      fireEvent.click(screen.getByRole('button', { name: new RegExp(MESSAGES[locale].Fields.travel_month) }));
      const options = within(screen.getByRole('listbox')).getAllByRole('option');
      expect(options[0]).toHaveProperty('textContent', thisMonth);
      if (locale === 'ar') expect(thisMonth).toMatch(/[٠-٩]{4}/);
      expect(options.map((option) => option.textContent)).not.toContain(gone);
      // To the season's end: this month and the next year's, not a one-month list.
      expect(options.length).toBeGreaterThan(12);
    });
  }
});
