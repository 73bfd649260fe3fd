// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { CompanionInvitation as Invitation, RequestDetails } from '@/lib/contract/requests';
import { CompanionConfirmation } from './companion-confirmation';
import { CompanionInvitation } from './companion-invitation';

// Arabic that agrees with its words (issue 63, item 8): a woman companion is «ها» and «ادعُها», a man «ه» and «ادعُه»,
// by an ICU select on the pilgrim's gender answer; English says her / his / their.

const invitation = (state: Invitation['state'], confirmed: boolean): Invitation => ({
  pilgrim: 'companion-0', pilgrim_id: '2e2e2e2e-0000-4000-8000-00000000002e', email: 'maryam@example.com', state, invited_at: '2026-11-20T09:00:00.000Z',
  expires_at: '2026-12-20T09:00:00.000Z', confirmed_at: confirmed ? '2026-11-21T09:00:00.000Z' : null, edited_at: null, edited_fields: [],
});
const adult = (gender: string) => ({ pilgrim_id: '2e2e2e2e-0000-4000-8000-00000000002e', gender, date_of_birth: '01-01-1405', email: 'maryam@example.com' });
const request = (invitations: Invitation[]) =>
  ({ id: 'req-1', status: 'draft', data: { service: { travel_month: '10-1448' } }, invitations }) as unknown as RequestDetails;

function show(locale: 'en' | 'ar', node: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
        {node}
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('a companion named in their own gender', () => {
  for (const [gender, words] of [
    ['female', { title: 'بياناتها الخاصة', lead: 'ادعُها بالبريد الإلكتروني: ترى بياناتها ومستنداتها', email: 'بريدها الإلكتروني', notConfirmed: 'لم تؤكد بياناتها بعد.', invited: 'دُعيت لمراجعة بياناتها، ولم تقبل الدعوة بعد.', confirmed: /^أكّدت بياناتها في / }],
    ['male', { title: 'بياناته الخاصة', lead: 'ادعُه بالبريد الإلكتروني: يرى بياناته ومستنداته', email: 'بريده الإلكتروني', notConfirmed: 'لم يؤكد بياناته بعد.', invited: 'دُعي لمراجعة بياناته، ولم يقبل الدعوة بعد.', confirmed: /^أكّد بياناته في / }],
  ] as const) {
    it(`in Arabic, the invitation and its state agree with a ${gender} companion`, () => {
      const { container } = show('ar', <CompanionInvitation request={request([])} index={0} person={adult(gender)} />);
      expect(screen.getByRole('heading').textContent).toBe(words.title);
      expect(container.textContent).toContain(words.lead);
      expect(screen.getByRole('textbox', { name: words.email })).toBeTruthy();
      cleanup();
      expect(show('ar', <CompanionConfirmation invitation={invitation('accepted', false)} person={adult(gender)} />).container.textContent).toBe(words.notConfirmed);
      cleanup();
      expect(show('ar', <CompanionConfirmation invitation={invitation('invited', false)} person={adult(gender)} />).container.textContent).toBe(words.invited);
      cleanup();
      expect(show('ar', <CompanionConfirmation invitation={invitation('accepted', true)} person={adult(gender)} />).container.textContent).toMatch(words.confirmed);
    });
  }

  it('in English: her, his, and their when the gender is not given', () => {
    const line = (gender: string) => {
      cleanup();
      return show('en', <CompanionConfirmation invitation={invitation('accepted', false)} person={adult(gender)} />).container.textContent;
    };
    expect(line('female')).toBe('She has not confirmed her details yet.');
    expect(line('male')).toBe('He has not confirmed his details yet.');
    expect(line('')).toBe('They have not confirmed their details yet.');
    cleanup();
    show('en', <CompanionInvitation request={request([])} index={0} person={adult('female')} />);
    expect(screen.getByRole('heading').textContent).toBe('Her own part');
    expect(screen.getByRole('textbox', { name: 'Her e-mail address' })).toBeTruthy();
  });
});
