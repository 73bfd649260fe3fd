// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { OfficeOpening } from '@/lib/contract/openings';
import type { OfficeRequestType } from '@/lib/contract/office';
import { officeRequest } from '@/lib/office/office-client';
import { OfficeOpening as OpeningSection, OpeningFigures } from './office-opening';

vi.mock('@/lib/office/office-client', () => ({ officeRequest: vi.fn() }));

// The console's live panel of an opening (issue 59, item 7): counts, rate, the last admission, the draw, in Riyadh time.

const view: OfficeOpening = {
  service: 'hajj',
  opening: { opens_at: '2027-02-01T06:00:00.000Z', queue_opens_at: '2027-02-01T05:30:00.000Z', admit_per_minute: 120, send_window_minutes: 15, state: 'admitting', paused: true, ended_reason: null },
  counts: { waiting: 1250, admitted: 40, sent: 310, passed: 3, left: 7, sold_out: 0 },
  drawn_at: '2027-02-01T06:00:01.000Z',
  last_admission_at: '2027-02-01T06:40:30.000Z',
};

function show(locale: 'en' | 'ar', opening: OfficeOpening = view) {
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
      <OpeningFigures view={opening} />
    </NextIntlClientProvider>,
  );
}

afterEach(cleanup);

describe('the live panel of an opening', () => {
  it('shows the counts, the rate, the last admission and the draw in Riyadh time, in the page’s digits', () => {
    show('en');
    expect(screen.getByTestId('opening-state').textContent).toBe(`${en.Office.opening.live.states.admitting}${en.Office.opening.live.paused}`);
    expect(screen.getByTestId('opening-count-waiting').textContent).toBe('1,250');
    expect(screen.getByTestId('opening-count-sent').textContent).toBe('310');
    expect(screen.getByText('120 a minute')).toBeTruthy();
    expect(screen.getByText('09:40')).toBeTruthy();
    expect(screen.getByText('09:00')).toBeTruthy();
    cleanup();
    show('ar');
    expect(screen.getByTestId('opening-count-waiting').textContent).toBe('١٬٢٥٠');
    expect(screen.getByText('١٢٠ في الدقيقة')).toBeTruthy();
    expect(screen.getByText('٠٩:٤٠')).toBeTruthy();
  });

  it('says why an opening ended, and when nothing was drawn or none waits', () => {
    show('en', { ...view, opening: { ...view.opening!, state: 'over', paused: false, ended_reason: 'sold_out' }, drawn_at: null, last_admission_at: null });
    expect(screen.getByTestId('opening-state').textContent).toBe(en.Office.opening.live.ended.sold_out);
    expect(screen.getByText(en.Office.opening.live.notDrawn)).toBeTruthy();
    expect(screen.getByText(en.Office.opening.live.noLastAdmission)).toBeTruthy();
  });
});

const umrah = (opening: OfficeRequestType['opening']): OfficeRequestType => ({
  id: 'umrah', code: 'UM', name: { en: 'Umrah', ar: 'العمرة' }, fee_minor: 350_000, fees_minor: { standard: 350_000 }, currency: 'SAR',
  season: { start: '01-07-1448', end: '29-11-1448', start_gregorian: null, end_gregorian: null, applications_close: '29-11-1448', applications_close_gregorian: null, pilgrimage: null },
  companion_limit: 5, packages: ['standard'], places_left: { standard: null }, open: true, opening,
  places: { standard: null }, places_held: { standard: 0 }, reserve_list: {}, review_days: 5, clock_from: 'sent', payment_plan: null,
});

function section(service: OfficeRequestType, locale: 'en' | 'ar' = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
        <OpeningSection service={service} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
  return client;
}

describe('the opening in Services and fees', () => {
  // Issue 63, item 8: the opening's figures in the page's digits, as the catalogue's («٦٠», not "60", on an Arabic page).
  it('shows its figures in Arabic-Indic digits on an Arabic page, Western on an English one', () => {
    section(umrah(null), 'ar');
    expect((screen.getByLabelText(ar.Office.opening.rate) as HTMLInputElement).value).toBe('٦٠');
    expect((screen.getByLabelText(ar.Office.opening.window) as HTMLInputElement).value).toBe('١٥');
    cleanup();
    section(umrah(null));
    expect((screen.getByLabelText(en.Office.opening.rate) as HTMLInputElement).value).toBe('60');
  });

  it('sets an opening typed in Riyadh time: sent with its +03:00 offset, shown back in both calendars', async () => {
    vi.mocked(officeRequest).mockResolvedValue({ data: umrah(null) });
    const client = section(umrah(null));
    expect(screen.getByText(en.Office.opening.none)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.Office.opening.opensAt), { target: { value: '2027-02-01T09:00' } });
    expect(screen.getByText(/Shown to pilgrims as: Shaʻban 24, 1448 AH \(February 1, 2027\), 09:00/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.Office.opening.rate), { target: { value: '١٢٠' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the opening of Umrah' }));
    await waitFor(() => expect(officeRequest).toHaveBeenCalled());
    expect(vi.mocked(officeRequest).mock.calls[0]).toEqual([
      '/catalogue/umrah',
      { method: 'PATCH', body: { opening: { opens_at: '2027-02-01T09:00:00+03:00', admit_per_minute: 120, queue_opens_minutes_before: 30, send_window_minutes: 15 } } },
    ]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The opening of Umrah is saved.'));
    client.clear();
  });

  it('ends an opening only after its confirmation', async () => {
    const running = umrah({ ...view.opening!, paused: false });
    vi.mocked(officeRequest).mockImplementation(async (path: string) => ({ data: path === '/openings/umrah' ? { ...view, opening: running.opening } : running }));
    const client = section(running);
    await waitFor(() => expect(screen.getByTestId('opening-count-waiting').textContent).toBe('1,250'));
    fireEvent.click(screen.getByRole('button', { name: en.Office.opening.live.end.trigger }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(en.Office.opening.live.end.body)).toBeTruthy();
    expect(vi.mocked(officeRequest).mock.calls.some(([, options]) => options?.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: en.Office.opening.live.end.confirm }));
    await waitFor(() => expect(vi.mocked(officeRequest).mock.calls.some(([path, options]) => path === '/openings/umrah' && options?.method === 'POST' && (options.body as { action?: string }).action === 'end')).toBe(true));
    client.clear();
  });
});
