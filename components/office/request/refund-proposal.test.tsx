// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { OfficeRequest } from '@/lib/contract/office';
import { RefundProposal } from './refund-proposal';

// Issue 63, item 4: approving a refund has its own confirmation step, as proposing has.

const ID = '4b4b4b4b-0000-4000-8000-00000000004b';
const request = {
  id: ID,
  status: 'submitted',
  data: { applicant: { name_latin: 'Aisha Rahman', name_ar: 'عائشة رحمن' }, companions: [{ name_latin: 'Omar Rahman', name_ar: 'عمر رحمن' }] },
  refund_proposal: { id: 'p1', reason: 'cancel', amount_minor: 145000, currency: 'SAR', note: 'Asked by phone.', proposed_by: { id: 'someone-else', name: 'Khalid Omar' }, proposed_at: '2026-11-01T10:00:00.000Z' },
} as unknown as OfficeRequest;

function show(locale: 'en' | 'ar') {
  const fetched = vi.fn(async () => new Response(JSON.stringify({ data: { decision: 'approved', request: {} } }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetched);
  const client = new QueryClient();
  const tree = (shown: OfficeRequest) => (
    <QueryClientProvider client={client}>
      <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
        <RefundProposal request={shown} staffId="me" role="finance" />
      </NextIntlClientProvider>
    </QueryClientProvider>
  );
  const { rerender } = render(tree(request));
  // The request read again after the decision (the console refetches it): no proposal open any more.
  const decided = () => rerender(tree({ ...request, refund_proposal: null }));
  return { fetched, decided };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('approving a proposed refund', () => {
  for (const [locale, m, amount, names] of [
    ['en', en, /SAR\s1,450\.00/u, 'Aisha Rahman and Omar Rahman'],
    ['ar', ar, /١٬٤٥٠٫٠٠/u, 'عائشة رحمن وعمر رحمن'],
  ] as const) {
    it(`asks first, with the amount and whose request, and sends nothing until confirmed; Go back returns to the buttons (${locale})`, async () => {
      const t = m.Office.request.refund;
      const { fetched, decided } = show(locale);
      fireEvent.click(screen.getByRole('button', { name: t.approve }));
      // Nothing is sent by the first press: the confirmation takes its place, and the focus.
      expect(fetched).not.toHaveBeenCalled();
      const title = screen.getByRole('heading', { name: t.approveTitle });
      expect(document.activeElement).toBe(title);
      const group = screen.getByRole('group', { name: t.approveTitle });
      expect(group.textContent).toMatch(amount);
      expect(group.textContent?.replace(/\s+/gu, ' ')).toContain(names.replace(/\s+/gu, ' '));
      expect(screen.queryByRole('button', { name: t.approve })).toBeNull();

      // Go back: the buttons again, the focus on Approve, still nothing sent.
      fireEvent.click(screen.getByRole('button', { name: t.back }));
      expect(document.activeElement).toBe(screen.getByRole('button', { name: t.approve }));
      expect(fetched).not.toHaveBeenCalled();

      // Confirmed: one approval sent, and what happened said.
      fireEvent.click(screen.getByRole('button', { name: t.approve }));
      fireEvent.click(screen.getByRole('button', { name: t.approveConfirm }));
      await waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
      decided();
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(t.approved));
      const [url, init] = fetched.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toContain(`/api/v1/office/requests/${ID}/refund-approval`);
      expect(JSON.parse(String(init.body))).toEqual({ decision: 'approve' });
    });
  }
});
