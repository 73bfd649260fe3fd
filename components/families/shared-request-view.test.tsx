// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { SharedRequest } from '@/lib/contract/families';
import { SharedRequestView } from './shared-request-view';

const shared = vi.hoisted(() => ({ data: null as unknown }));
const mutation = { mutate: vi.fn(), mutateAsync: vi.fn(), isPending: false, isError: false, error: null, reset: vi.fn() };
vi.mock('@/lib/families/families-api', () => ({
  useSharedRequest: () => ({ data: shared.data, isPending: false, isError: false, isFetching: false, refetch: vi.fn() }),
  useSaveSharedAnswers: () => mutation,
  useConfirmSharedAnswers: () => mutation,
  useLeaveSharedRequest: () => mutation,
  useUploadSharedDocument: () => mutation,
}));
vi.mock('next/navigation', async (original) => ({ ...(await original<typeof import('next/navigation')>()), useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }), usePathname: () => '/ar/profile/shared/r1' }));

// The companion's own page (issue 63): one «مستنداتك» heading (item 9), and the office's reason beside each scan it
// asked to replace, not only that something is to change (item 5).

const request = (changes: boolean): SharedRequest => ({
  id: 'r1', money: null, reference: 'HJ-1448-000009', type: 'hajj', status: changes ? 'changes_requested' : 'submitted', pilgrims: 2, submitted_at: '2026-11-01T10:00:00.000Z', pay_by: null,
  updated_at: '2026-11-02T10:00:00.000Z', version: 5, pilgrim: 'companion-0', organiser_name: 'Aisha Rahman', confirmed_at: null,
  answers: { name_ar: 'مريم رحمن', name_latin: 'Maryam Rahman', gender: 'female', date_of_birth: '01-01-1405', nationality: 'SA', relation: 'sister', passport_number: 'A1234567' },
  travel_month: '12-1448', editable: changes,
  documents: [{ id: 'd1', pilgrim: 'companion-0', pilgrim_id: '2e2e2e2e-0000-4000-8000-00000000002e', kind: 'passport', file_name: 'passport.png', mime: 'image/png', size: 2048, created_at: '2026-11-01T10:00:00.000Z' }],
  flagged: changes ? ['passport', 'passport_number'] : null,
  flag_notes: changes ? { passport: { reason: 'scan_unreadable', note: 'Scan it in daylight' }, passport_number: { reason: null, note: 'One digit is missing' } } : null,
  changes_due_at: null, fee_minor: null, currency: null, payment_plan: null,
});

function show(locale: 'en' | 'ar', data: SharedRequest) {
  shared.data = data;
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
        <SharedRequestView id="r1" />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('the companion’s own page', () => {
  for (const [locale, messages] of [['en', en], ['ar', ar]] as const) {
    it(`has one "${messages.Families.yourDocuments}" heading (${locale})`, () => {
      show(locale, request(false));
      expect(screen.getAllByRole('heading').filter((heading) => heading.textContent === messages.Families.yourDocuments)).toHaveLength(1);
    });

    it(`says why the office asked for a new scan, with its note (${locale})`, () => {
      show(locale, request(true));
      const passport = screen.getByTestId('flagged-passport');
      expect(passport.textContent).toContain(messages.Fields.passport);
      expect(passport.textContent).toContain(messages.Wizard.flaggedMark);
      expect(passport.textContent).toContain(messages.ChangeReasons.scan_unreadable);
      expect(passport.textContent).toContain('Scan it in daylight');
      // A flagged answer in the form: its note too.
      expect(document.body.textContent).toContain('One digit is missing');
      expect(screen.queryByTestId('flagged-photo')).toBeNull();
    });
  }
});
