// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { RequestTypeInfo } from '@/lib/contract/requests';
import { PLACES_REFRESH_MS } from '@/components/requests/use-places-left';
import { answerPlacesLeft, placesLeftOffline, placesTurn as turn, tabVisibility } from '@/test/places-left-answer';
import { ServiceCard } from './service-card';

// No doubled colon (issue 63, item 8): a full package read «قياسية: اكتمل الحجز: انضم إلى قائمة الانتظار».

const hajj: RequestTypeInfo = {
  id: 'hajj', code: 'HJ', name: { en: 'Hajj', ar: 'الحج' }, fee_minor: 1_500_000, fees_minor: { economy: 1_500_000, standard: 2_500_000 }, currency: 'SAR',
  season: { start: '01-10-1448', end: '13-12-1448', start_gregorian: null, end_gregorian: null, applications_close: '29-10-1448', applications_close_gregorian: null, pilgrimage: null },
  companion_limit: 4, packages: ['economy', 'standard'], places_left: { economy: 3, standard: 0 }, open: true, opening: null,
};

// The card reads its places again in the browser: offline unless a test gives the server's answer.
beforeEach(placesLeftOffline);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the places of a service card', () => {
  for (const [locale, lines] of [
    ['en', ['Economy: 3 places left', 'Standard: Fully booked; the reserve list is open']],
    ['ar', ['اقتصادية: بقيت ٣ أماكن', 'قياسية: اكتمل الحجز، وقائمة الانتظار مفتوحة']],
  ] as const) {
    it(`say each package's places with one colon (${locale})`, () => {
      const { container } = render(
        <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
          <ServiceCard service={hajj} />
        </NextIntlClientProvider>,
      );
      const items = [...container.querySelectorAll('ul li')].map((item) => item.textContent);
      expect(items).toEqual(lines);
      for (const item of items) expect(item!.split(':')).toHaveLength(2);
      // The companions agree with their number: «٤ مرافقين», not «٤ مرافقًا».
      expect(container.textContent).toContain(locale === 'en' ? 'One request covers you and up to 4 companions.' : 'يشملك الطلب الواحد أنت وما يصل إلى ٤ مرافقين.');
    });
  }
});

describe('the places a service card shows (issue 63, item 2)', () => {
  const card = () =>
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Riyadh">
        <ServiceCard service={hajj} />
      </NextIntlClientProvider>,
    );
  const lines = (container: HTMLElement) => [...container.querySelectorAll('ul li')].map((item) => item.textContent);

  it('a place freed is shown within one refresh: the cached page said "Fully booked", the server says 1 left', async () => {
    vi.useFakeTimers();
    tabVisibility();
    const { fetch, answer } = answerPlacesLeft(hajj);
    const { container } = card();
    await turn(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/request-types');
    expect(init.cache).toBe('no-store');
    expect(lines(container)).toEqual(['Economy: 3 places left', 'Standard: Fully booked; the reserve list is open']);

    answer.current = { economy: 3, standard: 1 };
    await turn();
    expect(lines(container)).toEqual(['Economy: 3 places left', 'Standard: 1 place left']);
    // And taken again: said again.
    answer.current = { economy: 2, standard: 0 };
    await turn();
    expect(lines(container)).toEqual(['Economy: 2 places left', 'Standard: Fully booked; the reserve list is open']);
  });

  it('a hidden tab asks nothing; shown again or focused, it asks at once', async () => {
    vi.useFakeTimers();
    const showTab = tabVisibility();
    const { fetch, answer } = answerPlacesLeft(hajj);
    const { container } = card();
    await turn(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    showTab('hidden');
    await turn(PLACES_REFRESH_MS * 10);
    expect(fetch).toHaveBeenCalledTimes(1);

    answer.current = { economy: 3, standard: 1 };
    showTab('visible');
    await turn(0);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(lines(container)).toContain('Standard: 1 place left');

    answer.current = { economy: 3, standard: 2 };
    window.dispatchEvent(new Event('focus'));
    await turn(0);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(lines(container)).toContain('Standard: 2 places left');
  });

  it('two cards on the page ask once a turn between them', async () => {
    vi.useFakeTimers();
    tabVisibility();
    const { fetch } = answerPlacesLeft(hajj);
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Riyadh">
        <ul>
          <ServiceCard service={hajj} />
          <ServiceCard service={{ ...hajj, id: 'umrah' }} />
        </ul>
      </NextIntlClientProvider>,
    );
    await turn(0);
    await turn();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('an answer that fails keeps what is shown', async () => {
    vi.useFakeTimers();
    tabVisibility();
    const { container } = card();
    await turn();
    expect(lines(container)).toEqual(['Economy: 3 places left', 'Standard: Fully booked; the reserve list is open']);
  });
});
