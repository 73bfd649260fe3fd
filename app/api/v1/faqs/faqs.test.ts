import { describe, expect, it } from 'vitest';
import { call } from '@/test/api';
import * as faqsRoute from './route';

describe('GET /api/v1/faqs', () => {
  it('answers the FAQs grouped, in the language of Accept-Language', async () => {
    const { status, json, headers } = await call(faqsRoute.GET, { locale: 'en', path: '/api/v1/faqs' });
    expect(status).toBe(200);
    expect(headers.get('vary')).toBe('Accept-Language');
    const groups = json!.data as { id: string; title: string; items: { id: string; question: string; answer_html: string }[] }[];
    expect(groups[0]).toMatchObject({ id: 'accounts', title: 'Accounts' });
    const passport = groups.flatMap((group) => group.items).find((item) => item.id === 'passport-validity')!;
    expect(passport.question).toBe('How long must my passport be valid?');
    expect(passport.answer_html).toContain('six months after the month of travel');
  });

  it('answers Arabic when asked, and by default', async () => {
    for (const locale of ['ar', undefined] as const) {
      const { json } = await call(faqsRoute.GET, { locale, path: '/api/v1/faqs' });
      expect(json!.data[0]).toMatchObject({ id: 'accounts', title: 'الحساب' });
    }
  });

  it("links the answers into the reader's language", async () => {
    const { json } = await call(faqsRoute.GET, { locale: 'ar', path: '/api/v1/faqs' });
    const refunds = (json!.data as { id: string; items: { answer_html: string }[] }[]).find((group) => group.id === 'refunds')!;
    expect(refunds.items.map((item) => item.answer_html).join('')).toContain('href="/ar/static/contact"');
  });
});
