// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { ApiClientError } from '@/lib/api-client';
import type { RequestDetails, RequestTypeInfo } from '@/lib/contract/requests';
import type { Draft } from '../use-draft';
import { ReviewStep } from './review-step';
import { ServiceStep } from './service-step';
import { answerPlacesLeft, placesLeftOffline, placesTurn, tabVisibility } from '@/test/places-left-answer';

vi.mock('next/navigation', async (original) => ({ ...(await original<typeof import('next/navigation')>()), useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }), usePathname: () => '/en/requests/new', useSearchParams: () => new URLSearchParams() }));

// A full package said early, and the way out offered (issue 63, item 1): on the service step beside the package chosen,
// and on check answers the reserve list right under what says so, with no word of paying next while sending cannot be done.

const type = (placesLeft: Record<string, number | null>): RequestTypeInfo => ({
  id: 'hajj', code: 'HJ', name: { en: 'Hajj', ar: 'الحج' }, fee_minor: 1_500_000, fees_minor: { economy: 1_500_000, standard: 2_500_000 }, currency: 'SAR',
  season: { start: '01-10-1448', end: '13-12-1448', start_gregorian: null, end_gregorian: null, applications_close: '29-10-1448', applications_close_gregorian: null, pilgrimage: null },
  companion_limit: 4, packages: ['economy', 'standard'], places_left: placesLeft, open: true, opening: null,
});

const request = (status: RequestDetails['status'] = 'draft') =>
  ({
    id: 'req-1', money: null, reference: null, type: 'hajj', status, step: 'review', completed_steps: [], steps_total: 6, pilgrims: 2, applicant_name: null,
    fee_minor: null, fee_pilgrims: null, currency: null, version: 3, created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z',
    submitted_at: null, pay_by: null, reserve_position: null, data: {}, flagged: null, flag_notes: null, changes_due_at: null, payments: [], documents: [], history: [],
    invitations: [], fee_package: null, package_paid_for: null, payment_plan: null,
  }) as unknown as RequestDetails;

const draft = (servicePackage: string, companions = 1) =>
  ({
    answers: {
      service: { package: servicePackage, travel_month: '10-1448' },
      applicant: { name_latin: 'Aisha Rahman', gender: 'female' },
      companions: Array.from({ length: companions }, (_, i) => ({ name_latin: `Companion ${i}`, relation: 'spouse' })),
    },
    complete: vi.fn().mockResolvedValue(undefined),
    update: vi.fn(),
    flush: vi.fn().mockResolvedValue(undefined),
  }) as unknown as Draft;

function wrap(locale: 'en' | 'ar', children: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
        {children}
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const review = (locale: 'en' | 'ar', placesLeft: Record<string, number | null>, submit: () => Promise<unknown> = vi.fn().mockResolvedValue(undefined)) =>
  wrap(locale, <ReviewStep draft={draft('standard')} type={type(placesLeft)} request={request()} onBack={vi.fn()} onChange={vi.fn()} submit={submit} onSubmitted={vi.fn()} />);

const submitButton = (container: HTMLElement) => container.querySelector('button[type=submit]')!;

// The steps read places left again in the browser: offline unless a test gives the server's answer.
beforeEach(placesLeftOffline);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a full package on the service step', () => {
  for (const [locale, full, nearly] of [
    ['en', 'The Standard package is fully booked. You can still fill in your request: on its last page you can join the package\'s reserve list', 'Only 3 places are left in the Standard package. A place is taken only when the request is sent'],
    ['ar', 'اكتمل حجز الباقة القياسية. يمكنك مع ذلك تعبئة طلبك، وفي صفحته الأخيرة تنضم إلى قائمة انتظار الباقة', 'بقيت ٣ أماكن فقط في الباقة القياسية. لا يُحجز المكان إلا عند إرسال الطلب'],
  ] as const) {
    it(`says so under the choice as soon as the package is chosen, with the way out (${locale})`, () => {
      const shown = (left: number | null) => {
        cleanup();
        const { container } = wrap(locale, <ServiceStep draft={draft('standard')} type={type({ economy: null, standard: left })} onDone={vi.fn()} onBack={vi.fn()} />);
        return { container, note: screen.queryByTestId('package-places') };
      };
      const atNone = shown(0);
      expect(atNone.note?.getAttribute('role')).toBe('status');
      expect(atNone.note?.textContent).toContain(full);
      expect(shown(3).note?.textContent).toContain(nearly);
      // Places enough, or unlimited: nothing more than the line beside the package.
      expect(shown(40).note).toBeNull();
      expect(shown(null).note).toBeNull();
    });
  }
});

describe('check answers with the package full', () => {
  for (const [locale, words] of [
    [
      'en',
      {
        message: 'Not enough places are left in the Standard package: only 1 place is left, and this request needs 2 places. Your draft is kept: join the reserve list below',
        submit: 'Accept and try to send again',
        payNext: 'to pay on the next page',
        continueToPayment: 'continue to payment',
        whenPlaced: 'to pay once places are offered to this request',
      },
    ],
    [
      'ar',
      {
        message: 'لا تكفي الأماكن المتبقية في الباقة القياسية: بقي مكان واحد فقط، ويحتاج هذا الطلب إلى مكانين. مسودتك محفوظة: انضم إلى قائمة الانتظار أدناه',
        submit: 'أوافق وأحاول الإرسال مرة أخرى',
        payNext: 'تُدفع في الصفحة التالية',
        continueToPayment: 'أتابع إلى الدفع',
        whenPlaced: 'تُدفع حين تُعرض أماكن على هذا الطلب',
      },
    ],
  ] as const) {
    it(`known full from the catalogue: said at once, the join box under it, and no "continue to payment" (${locale})`, () => {
      const { container } = review(locale, { economy: null, standard: 1 });
      const notice = screen.getByTestId('package-full');
      expect(notice.textContent).toContain(words.message);
      expect(notice.querySelector('[data-testid=join-reserve]')).not.toBeNull();
      // Right under the step's title and error summary: before the answers, not below the declaration.
      const answers = container.querySelector('#review-service')!;
      expect(notice.compareDocumentPosition(answers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(submitButton(container).textContent).toBe(words.submit);
      expect(container.querySelector('[data-cost]')!.textContent).toContain(words.whenPlaced);
      expect(container.textContent).not.toContain(words.payNext);
      expect(container.textContent).not.toContain(words.continueToPayment);
    });

    it(`refused sold_out on sending: the join box right under the message, the button and the cost changed (${locale})`, async () => {
      // The catalogue read earlier said there was room; sending finds there is not.
      const refusal = new ApiClientError(409, { error: { code: 'sold_out', message: words.message } } as never);
      const { container } = review(locale, { economy: null, standard: 5 }, vi.fn().mockRejectedValue(refusal));
      expect(submitButton(container).textContent).not.toBe(words.submit);
      expect(container.querySelector('[data-cost]')!.textContent).toContain(words.payNext);
      fireEvent.click(container.querySelector('input[type=checkbox]')!);
      fireEvent.submit(container.querySelector('form')!);
      const summary = await screen.findByRole('alert');
      expect(summary.textContent).toContain(words.message);
      // The join box is the very next thing after the message.
      await waitFor(() => expect(summary.nextElementSibling?.getAttribute('data-testid')).toBe('package-full'));
      expect(summary.nextElementSibling!.querySelector('[data-testid=join-reserve]')).not.toBeNull();
      // Said once: the message is the summary's, not repeated in the box.
      expect(summary.nextElementSibling!.textContent).not.toContain(words.message);
      expect(submitButton(container).textContent).toBe(words.submit);
      expect(container.querySelector('[data-cost]')!.textContent).toContain(words.whenPlaced);
      expect(container.textContent).not.toContain(words.payNext);
    });
  }

  it('places enough: the button leads to the payment, as before', () => {
    const { container } = review('en', { economy: null, standard: 2 });
    expect(screen.queryByTestId('package-full')).toBeNull();
    expect(submitButton(container).textContent).toBe(en.Wizard.submit);
  });
});

describe('places left read again while a step is open (issue 63, item 2)', () => {
  it('the service step: a place freed in the chosen package is said within one refresh', async () => {
    vi.useFakeTimers();
    tabVisibility();
    const { answer } = answerPlacesLeft(type({ economy: null, standard: 0 }));
    const { container } = wrap('en', <ServiceStep draft={draft('standard')} type={type({ economy: null, standard: 0 })} onDone={vi.fn()} onBack={vi.fn()} />);
    await placesTurn(0);
    expect(screen.getByTestId('package-places').textContent).toContain('The Standard package is fully booked');
    expect(container.textContent).toContain('Fully booked; the reserve list is open');

    answer.current = { economy: null, standard: 5 };
    await placesTurn();
    expect(screen.getByTestId('package-places').textContent).toContain('Only 5 places are left in the Standard package');
    expect(container.textContent).toContain('5 places left');
    expect(container.textContent).not.toContain('Fully booked');
  });

  it('check answers: places freed enough for the request, the reserve list gives way to sending and paying', async () => {
    vi.useFakeTimers();
    tabVisibility();
    const { answer } = answerPlacesLeft(type({ economy: null, standard: 1 }));
    const { container } = review('en', { economy: null, standard: 1 });
    await placesTurn(0);
    expect(screen.getByTestId('package-full')).not.toBeNull();

    answer.current = { economy: null, standard: 2 };
    await placesTurn();
    expect(screen.queryByTestId('package-full')).toBeNull();
    expect(submitButton(container).textContent).toBe(en.Wizard.submit);
  });
});
