// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { OfficeRequest } from '@/lib/contract/office';
import { AnswerChanges } from './answer-changes';

// "What changed" that an office can read (issue 63, item 6): dates in the page's digits and both calendars (it read
// «02-05-1452 → 24-02-1453»), answers in words, and who made each change: the companion, when it was theirs.

const request = {
  id: 'r1',
  data: { applicant: { gender: 'female' }, companions: [{ pilgrim_id: '2e2e2e2e-0000-4000-8000-00000000002e', gender: 'female' }] },
  invitations: [{ pilgrim: 'companion-0', pilgrim_id: '2e2e2e2e-0000-4000-8000-00000000002e', email: 'maryam@example.com', state: 'accepted', invited_at: '2026-11-20T09:00:00.000Z', expires_at: '2026-12-20T09:00:00.000Z', confirmed_at: null, edited_at: '2026-11-21T09:00:00.000Z', edited_fields: ['passport_expiry'] }],
  changes: [
    { pilgrim: 'companion-0', field: 'passport_expiry', old: '02-05-1452', new: '24-02-1453' },
    { pilgrim: 'applicant', field: 'gender', old: 'male', new: 'female' },
  ],
} as unknown as OfficeRequest;

function show(locale: 'en' | 'ar') {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar} timeZone="Asia/Riyadh">
      <AnswerChanges request={request} />
    </NextIntlClientProvider>,
  );
}

afterEach(cleanup);

describe('what changed', () => {
  it('in Arabic: the dates in both calendars and Arabic-Indic digits, the answers in words, and who changed each', () => {
    show('ar');
    expect(screen.getByRole('heading').textContent).toBe('ما الذي تغيّر');
    const [expiry, gender] = screen.getAllByRole('listitem');
    expect(expiry!.querySelector('del')!.textContent).toBe('٢ جمادى الأولى ١٤٥٢ هـ (١ سبتمبر ٢٠٣٠)');
    expect(expiry!.querySelector('ins')!.textContent).toMatch(/^٢٤ صفر ١٤٥٣ هـ \(.+٢٠٣١\)$/);
    expect(expiry!.textContent).toContain('غيّرته المرافقة نفسها');
    expect(expiry!.textContent).not.toMatch(/[0-9]/);
    expect(gender!.querySelector('del')!.textContent).toBe(ar.Wizard.genders.male);
    expect(gender!.querySelector('ins')!.textContent).toBe(ar.Wizard.genders.female);
    expect(gender!.textContent).toContain('غيّره مقدّم الطلب');
  });

  it('in English', () => {
    show('en');
    expect(screen.getByRole('heading').textContent).toBe('What changed');
    const [expiry, gender] = screen.getAllByRole('listitem');
    expect(expiry!.querySelector('del')!.textContent).toBe('Jumada I 2, 1452 AH (September 1, 2030)');
    expect(expiry!.textContent).toContain('changed by the companion herself');
    expect(gender!.textContent).toContain('changed by the applicant');
  });
});
