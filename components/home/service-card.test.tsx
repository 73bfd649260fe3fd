// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { RequestTypeInfo } from '@/lib/contract/requests';
import { ServiceCard } from './service-card';

// No doubled colon (issue 63, item 8): a full package read «قياسية: اكتمل الحجز: انضم إلى قائمة الانتظار».

const hajj: RequestTypeInfo = {
  id: 'hajj', code: 'HJ', name: { en: 'Hajj', ar: 'الحج' }, fee_minor: 1_500_000, fees_minor: { economy: 1_500_000, standard: 2_500_000 }, currency: 'SAR',
  season: { start: '01-10-1448', end: '13-12-1448', start_gregorian: null, end_gregorian: null, applications_close: '29-10-1448', applications_close_gregorian: null, pilgrimage: null },
  companion_limit: 4, packages: ['economy', 'standard'], places_left: { economy: 3, standard: 0 }, open: true, opening: null,
};

afterEach(cleanup);

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
