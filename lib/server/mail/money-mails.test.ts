import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderNotification, type NotificationRow } from '@/lib/server/notifications/render';
import { composeNotificationMail } from './content';
import { renderMail } from './render';

// The e-mails about money (issue 57, item 3), in both languages, as sent: a deposit, an instalment, an approval
// while money is owed, and a partial refund, each naming this payment and what is left, never the whole fee as
// received. With MAIL_PREVIEW_DIR set, each is written there as HTML, to be drawn and looked at.

const reference = 'HJ-1448-000002';
const NEXT = '2027-01-23T20:59:59.999Z';
const MAILS: Record<string, Pick<NotificationRow, 'type' | 'params'>> = {
  deposit: { type: 'payment_succeeded', params: { reference, amount_minor: 600_000, currency: 'SAR', part: 'deposit', owed_minor: 2_400_000, next_minor: 1_200_000, next_due: NEXT } },
  instalment: { type: 'instalment_paid', params: { reference, amount_minor: 1_200_000, currency: 'SAR', part: 'instalment-1', owed_minor: 1_200_000, next_minor: 1_200_000, next_due: '2027-03-23T20:59:59.999Z' } },
  approved_owing: { type: 'status_changed', params: { reference, status: 'approved', currency: 'SAR', owed_minor: 2_400_000, next_minor: 1_200_000, next_due: NEXT, grace: 3, confirmed: 'no' } },
  partial_refund: { type: 'payment_refunded', params: { reference, amount_minor: 1_400_000, currency: 'SAR', reason: 'cancelled', of_minor: 1_500_000 } },
  // A package changed after paying (issue 57, item 6): a dearer one's difference received, a cheaper one's given back.
  difference: { type: 'instalment_paid', params: { reference, amount_minor: 3_000_000, currency: 'SAR', part: 'difference-1', owed_minor: 0 } },
  package_refund: { type: 'payment_refunded', params: { reference, amount_minor: 1_000_000, currency: 'SAR', reason: 'package_change' } },
};

function mail(name: string, locale: 'en' | 'ar') {
  const row: NotificationRow = { id: '00000000-0000-4000-8000-000000000001', seq: 1, userId: 'u', requestId: 'r', readAt: null, createdAt: new Date('2026-12-01T10:00:00Z'), ...MAILS[name]! };
  return composeNotificationMail(renderNotification(row, locale), locale, 'aisha@example.com');
}

const text = (value: string) => value.replace(/\s/g, ' ');

describe('the e-mails about money', () => {
  it('after a deposit: the deposit received, what is still owed and the next instalment by its date; never the whole fee', async () => {
    const en = mail('deposit', 'en');
    expect(en.subject).toBe(`Deposit received for ${reference}`);
    expect(text(en.content.paragraphs[0]!)).toMatch(
      new RegExp(`^We received your deposit of SAR 6,000\\.00 for ${reference}\\. Still to pay: SAR 24,000\\.00; the next instalment of SAR 12,000\\.00 is due by .+ 1448 AH \\(January 23, 2027\\)\\. Your request has been sent to the office for review\\.$`),
    );
    const ar = mail('deposit', 'ar');
    expect(ar.subject).toBe(`استلمنا العربون للطلب ${reference}`);
    expect(ar.content.paragraphs[0]).toContain('استلمنا عربونك البالغ ٦٬٠٠٠٫٠٠ ريال سعودي');
    expect(ar.content.paragraphs[0]).toContain('المتبقي للدفع: ٢٤٬٠٠٠٫٠٠ ريال سعودي، والقسط التالي ١٢٬٠٠٠٫٠٠ ريال سعودي يُدفع قبل');
    expect(ar.content.paragraphs[0]).not.toContain('٣٠٬٠٠٠');
  });

  it('after an instalment, an approval while money is owed, and a partial refund', () => {
    expect(text(mail('instalment', 'en').content.paragraphs[0]!)).toContain('We received SAR 12,000.00 for Instalment 1 of request HJ-1448-000002. Still to pay: SAR 12,000.00;');
    const approved = text(mail('approved_owing', 'en').content.paragraphs[0]!);
    expect(approved).toContain('“Approved”. Your journey is confirmed once the fee is paid in full. Still to pay: SAR 24,000.00;');
    expect(approved).toContain('If an instalment is still unpaid 3 days after its date, the request is cancelled');
    expect(mail('approved_owing', 'ar').content.paragraphs[0]).not.toContain('رحلتك مؤكدة،');
    expect(text(mail('partial_refund', 'en').subject)).toBe(`Refund of SAR 14,000.00 for ${reference}`);
    expect(text(mail('partial_refund', 'en').content.paragraphs[0]!)).toContain('That is part of the SAR 15,000.00 paid; the rest is kept');
    expect(mail('partial_refund', 'ar').subject).toContain('١٤٬٠٠٠٫٠٠');
    expect(mail('partial_refund', 'ar').content.paragraphs[0]).toContain('وهذا جزء من ١٥٬٠٠٠٫٠٠ ريال سعودي المدفوعة');
  });

  it('after a package change: the difference received and the request back with the office; a cheaper one\'s difference given back', () => {
    const en = mail('difference', 'en');
    expect(en.subject).toBe(`Difference for the package change received for ${reference}`);
    expect(text(en.content.paragraphs[0]!)).toBe(
      `We received SAR 30,000.00 for Difference for the package change of request ${reference}. The fee is now paid in full. Your request has gone back to the office for review. The receipt is on the request's page.`,
    );
    const ar = mail('difference', 'ar');
    expect(ar.subject).toBe(`استلمنا فرق تغيير الباقة للطلب ${reference}`);
    expect(ar.content.paragraphs[0]).toContain('ودُفعت الرسوم الآن كاملة. وأُعيد طلبك إلى المكتب لمراجعته.');
    const refund = text(mail('package_refund', 'en').content.paragraphs[0]!);
    expect(refund).toContain('You chose a package that costs less, so we gave back the difference, SAR 10,000.00, to the card you paid with; the rest pays for the new package.');
    expect(refund).not.toContain('kept');
    expect(mail('package_refund', 'ar').content.paragraphs[0]).toContain('اخترت باقة أقل رسومًا، فأعدنا الفرق، ١٠٬٠٠٠٫٠٠ ريال سعودي');
  });

  it('renders each as HTML (written to MAIL_PREVIEW_DIR for a look, when set)', async () => {
    const dir = process.env.MAIL_PREVIEW_DIR ?? mkdtempSync(path.join(tmpdir(), 'money-mails-'));
    mkdirSync(dir, { recursive: true });
    for (const name of Object.keys(MAILS)) {
      for (const locale of ['en', 'ar'] as const) {
        const { html } = await renderMail(mail(name, locale).content);
        writeFileSync(path.join(dir, `mail-${name}-${locale}.html`), html);
        expect(html).toContain(reference);
      }
    }
  });
});
