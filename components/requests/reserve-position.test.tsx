// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { RequestSummary } from '@/lib/contract/requests';
import { ReservePosition } from './reserve-position';

const reserved = (position: number | null, status: RequestSummary['status'] = 'reserved'): RequestSummary => ({
  id: 'r1', money: null, reference: null, type: 'hajj', status, step: 'declaration', completed_steps: [], steps_total: 6, fee_pilgrims: null,
  pilgrims: 3, applicant_name: null, fee_minor: null, currency: null, version: 4, created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
  submitted_at: null, pay_by: null, reserve_position: position,
});

function show(request: RequestSummary, locale: 'en' | 'ar' = 'en', lead = false) {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
      <ReservePosition request={request} lead={lead} />
    </NextIntlClientProvider>,
  );
}

afterEach(cleanup);

describe('ReservePosition', () => {
  it('says the position on the list, in the page’s digits', () => {
    show(reserved(3), 'en', true);
    expect(screen.getByTestId('reserve-position').textContent).toContain('Number 3 on the reserve list');
    expect(screen.getByText(en.Reserve.positionLead)).toBeTruthy();
    cleanup();
    show(reserved(12), 'ar');
    expect(screen.getByTestId('reserve-position').textContent).toBe('رقمك ١٢ في قائمة الانتظار');
  });

  it('shows nothing for a request not on a list', () => {
    const { container } = show(reserved(null, 'pending_payment'));
    expect(container.textContent).toBe('');
  });
});
