// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { CompanionInvitation } from '@/lib/contract/requests';
import { ChangesTaskList } from './changes-task-list';

// Companions and the applicant see the same story (issue 63, item 5): the office flagged a companion's answer, the
// companion corrected it on her own page and confirmed it; the applicant's task list said "to change" all the same.

const ID = '2e2e2e2e-0000-4000-8000-00000000002e';
const data = { applicant: { name_latin: 'Aisha Rahman' }, companions: [{ pilgrim_id: ID, name_latin: 'Maryam Rahman', passport_number: 'B7654321' }] };
const flags = { flagged: { 'companion-0': ['passport_number'] }, notes: {} };
const invitation = (confirmed: boolean, edited: string[]): CompanionInvitation => ({
  pilgrim: 'companion-0', pilgrim_id: ID, email: 'maryam@example.com', state: 'accepted', invited_at: '2026-11-20T09:00:00.000Z', expires_at: '2026-12-20T09:00:00.000Z',
  confirmed_at: confirmed ? '2026-11-22T09:00:00.000Z' : null, edited_at: edited.length ? '2026-11-22T08:00:00.000Z' : null, edited_fields: edited,
});

function companionsPart(locale: 'en' | 'ar', invitations: CompanionInvitation[]) {
  const { container } = render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
      <ChangesTaskList completed={['service', 'applicant', 'documents']} flags={flags} data={data} invitations={invitations} hrefOf={(step) => `#${step}`} onGo={vi.fn()} />
    </NextIntlClientProvider>,
  );
  return container.querySelectorAll('li[data-state]')[2]!;
}

afterEach(cleanup);

describe('the applicant’s task list after a companion’s own changes', () => {
  for (const [locale, messages] of [['en', en], ['ar', ar]] as const) {
    it(`shows the companions' part as changed once she corrected and confirmed it (${locale})`, () => {
      const part = companionsPart(locale, [invitation(true, ['passport_number'])]);
      expect(part.getAttribute('data-state')).toBe('changed');
      expect(part.textContent).toContain(messages.Wizard.tasks.changed);
    });
  }

  it('still to change while she has not confirmed, or corrected something else', () => {
    expect(companionsPart('en', [invitation(false, ['passport_number'])]).getAttribute('data-state')).toBe('toChange');
    cleanup();
    expect(companionsPart('en', [invitation(true, ['mobile'])]).getAttribute('data-state')).toBe('toChange');
    cleanup();
    expect(companionsPart('en', []).getAttribute('data-state')).toBe('toChange');
  });
});
