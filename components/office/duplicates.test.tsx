// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { OfficeRequest, QueueItem } from '@/lib/contract/office';
import { QueueTable } from './queue/queue-table';
import { DuplicatesPanel } from './request/duplicates-panel';

vi.mock('next/navigation', async (original) => ({ ...(await original<typeof import('next/navigation')>()), useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }), usePathname: () => '/ar/office/requests', useSearchParams: () => new URLSearchParams() }));

// Issue 63, item 7: the same passport and nationality on two requests is a duplicate, not «تكرار محتمل».

const item = {
  id: 'r1', money: null, reference: 'HJ-1448-000002', type: 'hajj', status: 'submitted', step: 'declaration', completed_steps: [], steps_total: 6, pilgrims: 1, applicant_name: 'Aisha Rahman',
  fee_minor: null, fee_pilgrims: null, currency: null, version: 3, created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z', submitted_at: '2026-11-01T10:00:00.000Z',
  pay_by: null, reserve_position: null, assigned_to: null, due_at: null, overdue: false, possible_duplicate: true,
} as unknown as QueueItem;
const match = (strength: 'exact' | 'possible') => ({
  request_id: '2e2e2e2e-0000-4000-8000-00000000002e', reference: 'HJ-1448-000003', status: 'submitted' as const, pilgrim: 'applicant', other_pilgrim: 'applicant',
  field: strength === 'exact' ? ('passport_number' as const) : ('name_and_birth' as const), strength,
});

function show(locale: 'en' | 'ar', node: React.ReactNode) {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
      {node}
    </NextIntlClientProvider>,
  );
}

afterEach(cleanup);

describe('a duplicate in the console', () => {
  for (const [locale, badge, exact, possible] of [
    ['en', 'Duplicate', 'Duplicates', 'Possible duplicates'],
    ['ar', 'مكرر', 'طلبات مكررة', 'تكرارات محتملة'],
  ] as const) {
    it(`is said to be one when it is exact, possible only when it is (${locale})`, () => {
      // The queue's mark is set by exact matches only (same passport and nationality, or national ID).
      const queue = show(locale, <QueueTable items={[item]} grouped={false} pathname={`/${locale}/office/requests`} selected={new Set()} onSelect={() => undefined} active={-1} onActive={() => undefined} />);
      expect(queue.container.textContent).toContain(badge);
      expect(queue.container.textContent).not.toContain(locale === 'en' ? 'Possible duplicate' : 'تكرار محتمل');
      cleanup();
      const panel = (strengths: ('exact' | 'possible')[]) => {
        cleanup();
        const request = { id: 'r1', duplicates: strengths.map(match) } as unknown as OfficeRequest;
        return show(locale, <DuplicatesPanel request={request} basePath={`/${locale}/office/requests`} />).container.querySelector('h2')!.textContent;
      };
      expect(panel(['exact'])).toBe(exact);
      expect(panel(['exact', 'possible'])).toBe(exact);
      expect(panel(['possible'])).toBe(possible);
      // A request without a reference yet (on the reserve list): its link still has words.
      cleanup();
      const unsent = show(locale, <DuplicatesPanel request={{ id: 'r1', duplicates: [{ ...match('exact'), reference: null }] } as unknown as OfficeRequest} basePath={`/${locale}/office/requests`} />);
      expect(unsent.container.querySelector('a')!.textContent).toBe(locale === 'en' ? 'A request not sent yet' : 'طلب لم يُرسل بعد');
    });
  }
});
