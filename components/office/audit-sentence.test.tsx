// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { AuditEntry } from '@/lib/contract/office';
import { AuditSentence } from './audit-sentence';

const REQUEST = { id: '7c0e8a8e-4b7a-4f6e-9d37-2b0c2f1d9a10', reference: 'HJ-1448-000123' };
const entry = (changes: Partial<AuditEntry>): AuditEntry => ({
  id: 1, at: new Date().toISOString(), actor: { kind: 'staff', email: 'reviewer@office.example', name: 'Yusuf' }, action: 'request.view',
  target: { type: 'request', id: REQUEST.id }, request: REQUEST, member: null, details: {}, address: null, ...changes,
});

function show(value: AuditEntry, locale: 'en' | 'ar' = 'en') {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
      <p data-testid="sentence"><AuditSentence entry={value} /></p>
    </NextIntlClientProvider>,
  );
}
// Names are isolated from the sentence around them (U+2068 … U+2069): read without the marks.
const sentence = () => screen.getByTestId('sentence').textContent!.replace(/[\u2068\u2069]/g, '').replace(/\s/g, ' ');

afterEach(cleanup);

describe('an audit entry as a sentence', () => {
  it('says who did what to which request, the reference a link to the request’s page', () => {
    show(entry({ action: 'request.move', details: { from: 'under_review', to: 'approved' } }));
    expect(sentence()).toBe('Yusuf (reviewer@office.example) approved HJ-1448-000123');
    expect(screen.getByRole('link', { name: 'HJ-1448-000123' }).getAttribute('href')).toBe(`/en/office/requests/${REQUEST.id}`);
  });

  it('names the member a request was assigned to, and a document’s request', () => {
    show(entry({ action: 'request.assign', member: { id: 'm1', name: 'Amina Saleh' }, details: { previous: null, to: 'm1' } }));
    expect(sentence()).toBe('Yusuf (reviewer@office.example) assigned HJ-1448-000123 to Amina Saleh');
    cleanup();
    show(entry({ action: 'document.view', target: { type: 'document', id: 'd1' } }));
    expect(sentence()).toBe('Yusuf (reviewer@office.example) viewed a document of HJ-1448-000123');
  });

  it('reads in Arabic, with the amount in Arabic words and digits and the reference in Western digits', () => {
    show(entry({ action: 'refund.propose', details: { amount_minor: 150_000, currency: 'SAR' } }), 'ar');
    expect(sentence()).toBe('اقتُرح استرداد ١٬٥٠٠٫٠٠ ريال سعودي من الطلب HJ-1448-000123 من قِبل Yusuf (reviewer@office.example)');
    expect(screen.getByRole('link', { name: 'HJ-1448-000123' }).getAttribute('href')).toBe(`/ar/office/requests/${REQUEST.id}`);
  });

  it('falls back to who and the action’s code for an action it does not know, and names the ops key', () => {
    show(entry({ action: 'season.close', actor: { kind: 'ops_key', email: null, name: null }, request: null, target: null }));
    expect(sentence()).toBe('The ops key (automation): season.close');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
