// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { OfficeOpening } from '@/lib/contract/openings';
import { OpeningFigures } from './office-opening';

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
