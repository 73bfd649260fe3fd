import { describe, expect, it } from 'vitest';
import { call } from '@/test/api';
import * as pageRoute from './[slug]/route';

const getPage = (slug: string, locale?: 'en' | 'ar') => call(pageRoute.GET, { locale, params: { slug }, path: `/api/v1/pages/${slug}` });

describe('GET /api/v1/pages/{slug}', () => {
  it('answers the page in English: title, description and HTML body', async () => {
    const { status, json } = await getPage('terms', 'en');
    expect(status).toBe(200);
    expect(json!.data).toMatchObject({ slug: 'terms', locale: 'en', title: 'Terms of use' });
    expect(json!.data.description).toMatch(/payment deadlines/);
    expect(json!.data.html).toContain('<h2>Cancellations and refunds</h2>');
    expect(json!.data.html).toContain('<strong>72 hours</strong>');
  });

  it('answers Arabic by Accept-Language', async () => {
    const { json } = await getPage('contact', 'ar');
    expect(json!.data).toMatchObject({ slug: 'contact', locale: 'ar', title: 'اتصل بنا' });
    expect(json!.data.html).toContain('href="mailto:care@labbaik.example"');
  });

  it('every static page exists in both languages', async () => {
    for (const slug of ['about', 'terms', 'privacy', 'contact']) {
      for (const locale of ['en', 'ar'] as const) expect((await getPage(slug, locale)).status).toBe(200);
    }
  });

  it('an unknown slug is a 404 with a localized error', async () => {
    const english = await getPage('careers', 'en');
    expect(english.status).toBe(404);
    expect(english.json).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    const arabic = await getPage('careers', 'ar');
    expect(arabic.json!.error.code).toBe('not_found');
    expect(arabic.json!.error.message).not.toBe(english.json!.error.message);
  });
});
