// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { OfficeRequestType } from '@/lib/contract/office';
import { ServiceForm } from './office-catalogue';

vi.mock('@/lib/office/office-client', () => ({ officeRequest: vi.fn() }));

// The catalogue's figures in the page's digits, and the currency named in the page's language (issue 63, item 8).

const hajj: OfficeRequestType = {
  id: 'hajj', code: 'HJ', name: { en: 'Hajj', ar: 'الحج' }, fee_minor: 1_500_000, fees_minor: { economy: 1_500_000, standard: 2_500_050 }, currency: 'SAR',
  season: { start: '01-10-1448', end: '13-12-1448', start_gregorian: null, end_gregorian: null, applications_close: '29-10-1448', applications_close_gregorian: null, pilgrimage: null },
  companion_limit: 4, packages: ['economy', 'standard'], places_left: { economy: null, standard: 7 }, open: true, opening: null,
  places: { economy: null, standard: 120 }, places_held: { standard: 113 }, reserve_list: {}, review_days: 5, clock_from: 'sent',
  payment_plan: { deposit_percent: 20, instalments: [{ percent: 80, due: '01-11-1448' }] },
};

function show(locale: 'en' | 'ar') {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
        <ServiceForm service={hajj} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const value = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;

afterEach(cleanup);

describe('the catalogue form', () => {
  it('in Arabic: fees, places, companions and percentages in Arabic-Indic digits, and the riyal in words', () => {
    const { container } = show('ar');
    const fees = screen.getByRole('group', { name: /^الرسوم لكل حاج/ });
    expect(fees.querySelector('legend')!.textContent).toBe('الرسوم لكل حاج، بحسب الباقة (ريال سعودي)');
    expect([...fees.querySelectorAll('input')].map((input) => input.value)).toEqual(['١٥٠٠٠٫٠٠', '٢٥٠٠٠٫٥٠']);
    expect(value(ar.Office.catalogue.limit)).toBe('٤');
    expect(value(ar.Office.catalogue.reviewDays)).toBe('٥');
    expect(value(ar.Office.catalogue.depositPercent)).toBe('٢٠');
    const inputs = [...container.querySelectorAll('input[inputmode]')].map((input) => (input as HTMLInputElement).value);
    expect(inputs.join(' ')).not.toMatch(/[0-9]/);
    expect(container.textContent).not.toContain('(SAR)');
  });

  it('in English: Western digits and the code', () => {
    show('en');
    expect(screen.getByRole('group', { name: /^Fee per pilgrim/ }).querySelector('legend')!.textContent).toContain('(SAR)');
    expect(value(en.Office.catalogue.limit)).toBe('4');
    expect(value(en.Office.catalogue.depositPercent)).toBe('20');
  });
});
