import { describe, expect, it } from 'vitest';
import { renderMail } from '../render';

const content = (heading: string, paragraph: string) => ({
  locale: 'ar' as const,
  brand: 'لبيك لخدمات الحجاج',
  preview: heading,
  heading,
  paragraphs: [paragraph],
  footer: 'تذييل',
});

describe('request references in an e-mail', () => {
  it('stay whole and left to right in the heading and the text, and read the same as plain text', async () => {
    const { html, text } = await renderMail(content('يحين موعد القسط ٢ للطلب HJ-1448-000001 بعد أسبوع', 'أُلغي الطلب UM-1447-000123: لم يُدفع القسط ٢'));
    const whole = (reference: string) => `<span dir="ltr" style="white-space:nowrap;unicode-bidi:isolate">${reference}</span>`;
    expect(html).toMatch(new RegExp(`<h1[^>]*>يحين موعد القسط ٢ للطلب ${whole('HJ-1448-000001')} بعد أسبوع</h1>`));
    expect(html).toContain(`أُلغي الطلب ${whole('UM-1447-000123')}: لم يُدفع القسط ٢`);
    expect(text).toContain('يحين موعد القسط ٢ للطلب HJ-1448-000001 بعد أسبوع');
  });

  it('leaves text without a reference as it is', async () => {
    const { html } = await renderMail(content('أهلًا بك يا Aisha', 'رمز التحقق 2026-11-28'));
    expect(html).not.toContain('white-space:nowrap');
  });
});
