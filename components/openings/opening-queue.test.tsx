// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { QueuePlaceAnswer } from '@/lib/contract/openings';
import type { RequestStep } from '@/lib/requests/steps';
import { nextReadMs, retryDelayMs } from '@/lib/openings/openings-api';
import { apiRequest } from '@/lib/api-client';
import { OpeningQueue, QueuePlaceView, type QueueDraft } from './opening-queue';
import { OpeningNote } from './opening-note';

// The queue page's states (issue 59, item 6) in both languages: the draw, a place, the turn, and after.

vi.mock('@/lib/api-client', async (original) => ({ ...(await original<typeof import('@/lib/api-client')>()), apiRequest: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }), usePathname: () => '/en/openings/hajj', useSearchParams: () => new URLSearchParams() }));

// 09:00 Riyadh time on 1 February 2027 (06:00 UTC).
const OPENS = '2027-02-01T06:00:00.000Z';
const opening = (state: QueuePlaceAnswer['opening']['state'], paused = false): QueuePlaceAnswer['opening'] => ({
  opens_at: OPENS, queue_opens_at: '2027-02-01T05:30:00.000Z', admit_per_minute: 120, send_window_minutes: 15, state, paused, ended_reason: null,
});
const place = (state: QueuePlaceAnswer['state'], more: Partial<QueuePlaceAnswer> = {}): QueuePlaceAnswer => ({
  service: 'hajj', opening: opening(state === 'not_joined' ? 'queueing' : 'admitting'), state, position: null, ahead: null, waiting_for_draw: null,
  estimated_admission_at: null, joined_at: '2027-02-01T05:40:00.000Z', send_by: null, poll_after_s: 30, ...more,
});
const DRAFT = '3f0c9a7e-8d1b-4c2a-9e5f-1a2b3c4d5e6f';

function show(answer: QueuePlaceAnswer, locale: 'en' | 'ar' = 'en', { draft, reconnecting = false }: { draft?: QueueDraft; reconnecting?: boolean } = {}) {
  const onJoin = vi.fn();
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
      <QueuePlaceView place={answer} serviceName={locale === 'en' ? 'Hajj' : 'الحج'} draft={draft} reconnecting={reconnecting} joining={false} joinError={null} onJoin={onJoin} onLeave={async () => {}} />
    </NextIntlClientProvider>,
  );
  return { onJoin };
}

const live = () => screen.getByTestId('queue-live');

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the queue page', () => {
  it('before joining: the opening in Riyadh time and both calendars, the Join button, the rule', () => {
    show(place('not_joined', { joined_at: null, poll_after_s: null }), 'en', { draft: null });
    expect(screen.getByText('09:00, Riyadh time')).toBeTruthy();
    expect(screen.getByText('Shaʻban 24, 1448 AH')).toBeTruthy();
    expect(screen.getByText('February 1, 2027')).toBeTruthy();
    expect(screen.getByRole('button', { name: en.Openings.join })).toBeTruthy();
    expect(screen.getByRole('heading', { name: en.Openings.fairness.title })).toBeTruthy();
    expect(screen.getByText(en.Openings.fairness.early)).toBeTruthy();
    expect(screen.getByText(/you have 15 minutes to send your request/)).toBeTruthy();
    // No draft yet: the way to start one.
    expect(within(screen.getByTestId('queue-ready')).getByRole('link', { name: en.Openings.ready.start }).getAttribute('href')).toBe('/en/profile/requests/create');
    cleanup();
    show(place('not_joined', { joined_at: null, poll_after_s: null }), 'ar', { draft: null });
    expect(screen.getByText('٠٩:٠٠ بتوقيت الرياض')).toBeTruthy();
    expect(screen.getByText(/شعبان ١٤٤٨/)).toBeTruthy();
    expect(screen.getByRole('button', { name: ar.Openings.join })).toBeTruthy();
    expect(screen.getByText(/أمامك ١٥ دقيقة لإرسال طلبك/)).toBeTruthy();
  });

  it('waiting for the draw: how many joined, announced politely, the draft’s missing steps linked', () => {
    const draft = { id: DRAFT, missing_steps: ['applicant', 'documents', 'review', 'declaration'] as RequestStep[] };
    show(place('waiting', { opening: opening('queueing'), waiting_for_draw: 1234 }), 'en', { draft });
    expect(screen.getByRole('heading', { name: en.Openings.place.drawTitle })).toBeTruthy();
    expect(screen.getByText('1,234 pilgrims have joined so far')).toBeTruthy();
    expect(live().getAttribute('aria-live')).toBe('polite');
    expect(live().textContent).toBe(en.Openings.live.draw);
    const ready = within(screen.getByTestId('queue-ready'));
    expect(ready.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Main applicant', `/en/profile/requests/drafts/complete?id=${DRAFT}&step=applicant`],
      ['Documents', `/en/profile/requests/drafts/complete?id=${DRAFT}&step=documents`],
    ]);
    expect(screen.getByRole('button', { name: en.Openings.leave.trigger })).toBeTruthy();
    cleanup();
    show(place('waiting', { opening: opening('queueing'), waiting_for_draw: 1234 }), 'ar', { draft });
    expect(screen.getByText('انضم ١٬٢٣٤ حاجًّا حتى الآن')).toBeTruthy();
    expect(live().textContent).toBe(ar.Openings.live.draw);
    expect(within(screen.getByTestId('queue-ready')).getAllByRole('link').map((link) => link.textContent)).toEqual([ar.Wizard.steps.applicant, ar.Wizard.steps.documents]);
  });

  it('a place after the draw: number, how many ahead, about when, in the page’s digits', () => {
    const answer = place('waiting', { position: 42, ahead: 41, estimated_admission_at: '2027-02-01T06:20:30.000Z' });
    show(answer, 'en', { draft: { id: DRAFT, missing_steps: ['review', 'declaration'] } });
    expect(screen.getByTestId('queue-position').textContent).toBe('42');
    expect(screen.getByText('41 pilgrims')).toBeTruthy();
    expect(screen.getByText('09:20, Riyadh time')).toBeTruthy();
    expect(live().textContent).toBe('You are number 42 in the queue.');
    expect(screen.getByText(en.Openings.ready.complete)).toBeTruthy();
    cleanup();
    show(answer, 'ar', { draft: { id: DRAFT, missing_steps: [] } });
    expect(screen.getByTestId('queue-position').textContent).toBe('٤٢');
    expect(screen.getByText('٤١ حاجًّا')).toBeTruthy();
    expect(screen.getByText('٠٩:٢٠ بتوقيت الرياض')).toBeTruthy();
    expect(live().textContent).toBe('رقمك ٤٢ في الطابور.');
  });

  it('before the queue opens: when it opens, and no Join yet', () => {
    show(place('not_joined', { opening: opening('upcoming'), joined_at: null, poll_after_s: null }), 'ar', { draft: null });
    expect(screen.getByText(ar.Openings.opening.queueOpensAt)).toBeTruthy();
    expect(screen.getByText('٠٨:٣٠ بتوقيت الرياض')).toBeTruthy();
    expect(screen.getByText(/يُفتح الطابور في ٠٨:٣٠/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: ar.Openings.join })).toBeNull();
  });

  it('paused: the estimate is not known, and it says why', () => {
    show(place('waiting', { opening: opening('admitting', true), position: 3, ahead: 2 }));
    expect(screen.getByText(en.Openings.place.estimateUnknown)).toBeTruthy();
    expect(screen.getByText(en.Openings.opening.paused)).toBeTruthy();
  });

  it('admitted after a wait on the page: the minutes left count from the turn, not from when the page was opened', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2027-02-01T06:30:00.000Z'));
    const view = (answer: QueuePlaceAnswer) => (
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Riyadh">
        <QueuePlaceView place={answer} serviceName="Hajj" draft={{ id: DRAFT, missing_steps: [] }} reconnecting={false} joining={false} joinError={null} onJoin={vi.fn()} onLeave={async () => {}} />
      </NextIntlClientProvider>
    );
    const { rerender } = render(view(place('waiting', { position: 2, ahead: 1 })));
    // Two minutes on the page, then the turn comes with its 15 minutes.
    vi.setSystemTime(new Date('2027-02-01T06:32:00.000Z'));
    rerender(view(place('admitted', { send_by: '2027-02-01T06:47:00.000Z', poll_after_s: 60 })));
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('queue-time-left').textContent).toBe('15 minutes left');
  });

  it('admitted: the time to send by, the minutes left ticking, the way to send', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2027-02-01T06:30:00.000Z'));
    const answer = place('admitted', { send_by: '2027-02-01T06:42:30.000Z', poll_after_s: 60 });
    show(answer, 'en', { draft: { id: DRAFT, missing_steps: ['review', 'declaration'] } });
    expect(screen.getByRole('heading', { name: "It's your turn: send your request before 09:42" })).toBeTruthy();
    expect(screen.getByTestId('queue-time-left').textContent).toBe('13 minutes left');
    expect(screen.getByRole('link', { name: en.Openings.admitted.send }).getAttribute('href')).toBe(`/en/profile/requests/drafts/complete?id=${DRAFT}&step=review`);
    expect(live().textContent).toBe("It's your turn: send your request before 09:42.");
    cleanup();
    vi.setSystemTime(new Date('2027-02-01T06:42:00.000Z'));
    show(answer, 'ar', { draft: null });
    expect(screen.getByRole('heading', { name: 'حان دورك: أرسل طلبك قبل ٠٩:٤٢' })).toBeTruthy();
    expect(screen.getByTestId('queue-time-left').textContent).toBe(ar.Openings.admitted.lastMinute);
    // No draft: the way to start one.
    expect(screen.getByRole('link', { name: ar.Openings.admitted.start }).getAttribute('href')).toBe('/ar/profile/requests/create');
  });

  it('passed and left offer to join again; sold out offers the reserve list from the draft; sent and over say so', () => {
    const { onJoin } = show(place('passed', { joined_at: null, poll_after_s: null }));
    expect(screen.getByRole('heading', { name: en.Openings.passed.title })).toBeTruthy();
    screen.getByRole('button', { name: en.Openings.joinAgain }).click();
    expect(onJoin).toHaveBeenCalled();
    cleanup();
    show(place('left', { poll_after_s: null }), 'ar');
    expect(screen.getByRole('heading', { name: ar.Openings.left.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: ar.Openings.joinAgain })).toBeTruthy();
    cleanup();
    show(place('sold_out', { opening: { ...opening('over'), ended_reason: 'sold_out' }, poll_after_s: null }), 'en', { draft: { id: DRAFT, missing_steps: [] } });
    expect(screen.getByRole('heading', { name: en.Openings.soldOut.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.Openings.soldOut.link }).getAttribute('href')).toBe(`/en/profile/requests/drafts/complete?id=${DRAFT}&step=review`);
    expect(live().textContent).toBe(en.Openings.live.sold_out);
    cleanup();
    show(place('sent', { poll_after_s: null }), 'ar');
    expect(screen.getByRole('heading', { name: ar.Openings.sent.title })).toBeTruthy();
    cleanup();
    show(place('not_joined', { opening: opening('over'), poll_after_s: null }), 'en');
    expect(screen.getByRole('heading', { name: en.Openings.over.title })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.Openings.join })).toBeNull();
  });

  it('a failed read keeps the last place, with a calm note', () => {
    show(place('waiting', { position: 7, ahead: 6 }), 'en', { reconnecting: true });
    expect(screen.getByTestId('queue-position').textContent).toBe('7');
    expect(screen.getByRole('status').textContent).toBe(en.Openings.reconnecting);
  });
});

describe('when the page reads the place again', () => {
  it('when the server says; before the queue opens, at its opening, at most a minute away; never when nothing will change', () => {
    expect(nextReadMs(place('waiting', { poll_after_s: 7 }))).toBe(7000);
    const upcoming = place('not_joined', { opening: opening('upcoming'), poll_after_s: null });
    expect(nextReadMs(upcoming, Date.parse('2027-02-01T05:29:50.000Z'))).toBe(11_000);
    expect(nextReadMs(upcoming, Date.parse('2027-02-01T04:00:00.000Z'))).toBe(60_000);
    expect(nextReadMs(place('sent', { poll_after_s: null }))).toBeNull();
  });

  it('after failures, further apart each time, never more than a minute', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([5000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });
});

describe('the opening beside a service', () => {
  it('says when sending opens, in both calendars, and links to the queue', () => {
    render(
      <NextIntlClientProvider locale="ar" messages={ar} timeZone="Asia/Riyadh">
        <OpeningNote service="hajj" serviceName="الحج" opening={opening('upcoming')} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId('opening-note-hajj').textContent).toContain('الساعة ٠٩:٠٠ (بتوقيت الرياض)');
    expect(screen.getByRole('link', { name: 'إلى طابور الحج' }).getAttribute('href')).toBe('/ar/openings/hajj');
    cleanup();
    const { container } = render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Riyadh">
        <OpeningNote service="hajj" serviceName="Hajj" opening={opening('over')} />
      </NextIntlClientProvider>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('the page reading its place by itself', () => {
  it('reads again when the answer says (not before), and keeps the last place through a failure', async () => {
    const answers: (QueuePlaceAnswer | Error)[] = [
      place('waiting', { position: 5, ahead: 4, poll_after_s: 1 }),
      place('waiting', { position: 3, ahead: 2, poll_after_s: 1 }),
      new Error('offline for a moment'),
    ];
    const reads: number[] = [];
    vi.mocked(apiRequest).mockImplementation(async (path: string) => {
      if (path.startsWith('/requests')) return { data: [], meta: { page: 1, per_page: 10, total: 0, total_pages: 0 } };
      reads.push(Date.now());
      const next = answers.shift() ?? new Error('no more answers');
      if (next instanceof Error) throw next;
      return { data: next };
    });
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Riyadh">
          <OpeningQueue service="hajj" />
        </NextIntlClientProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('queue-position').textContent).toBe('5'));
    await waitFor(() => expect(screen.getByTestId('queue-position').textContent).toBe('3'), { timeout: 3000 });
    expect(live().textContent).toBe('You are number 3 in the queue.');
    // The next read fails: the place stays, with the calm note; the next try is seconds away (retryDelayMs), not at once.
    await waitFor(() => expect(screen.getByTestId('queue-reconnecting')).toBeTruthy(), { timeout: 3000 });
    expect(screen.getByTestId('queue-position').textContent).toBe('3');
    expect(reads).toHaveLength(3);
    // A second apart, as the server said: never sooner.
    expect(reads[1]! - reads[0]!).toBeGreaterThanOrEqual(990);
    expect(reads[2]! - reads[1]!).toBeGreaterThanOrEqual(990);
    client.clear();
  });
});
