import { describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { queuedMail } from '@/test/mail';
import { composeAccountMail } from '@/lib/server/mail/content';
import { publicSiteUrl } from '@/lib/server/http/origin';
import * as registerRoute from './route';

// "Start your request" → register → confirm lands in the application form (issue 63, item 3): the registration's `next`
// rides in the confirmation e-mail's link, only ever as a path of this site (as sign-in's `next`), the link from APP_URL.

withTestDatabase();

let counter = 0;
async function registerWith(next: unknown, locale: 'en' | 'ar' = 'en') {
  counter += 1;
  const email = `return.${counter}.${Date.now()}@example.com`;
  const { status, json } = await call(registerRoute.POST, { locale, body: { name: 'Aisha Rahman', email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026', next } });
  expect(status).toBe(201);
  const mail = (await queuedMail(json!.data.id as string, 'verify_email'))!;
  const link = new URL(composeAccountMail('verify_email', locale, mail.params as Record<string, string>).content.action!.url);
  return { stored: (mail.params as Record<string, string>).next, link };
}

describe('the confirmation link leads back to where the pilgrim was going', () => {
  it('carries a page of this site: the application form, in the reader’s language', async () => {
    const { stored, link } = await registerWith('/en/profile/requests/create');
    expect(stored).toBe('/en/profile/requests/create');
    expect(link.origin).toBe(new URL(publicSiteUrl()).origin);
    expect(link.pathname).toBe('/en/verify-email');
    expect(link.searchParams.get('next')).toBe('/en/profile/requests/create');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);
  });

  it('keeps a path with its query (a draft’s step), and an address of this very site as its path', async () => {
    expect((await registerWith('/ar/profile/requests/drafts/complete?id=7d1c2f4e-2b9a-4c1d-8e0f-3a5b6c7d8e9f&step=applicant', 'ar')).stored).toBe(
      '/ar/profile/requests/drafts/complete?id=7d1c2f4e-2b9a-4c1d-8e0f-3a5b6c7d8e9f&step=applicant',
    );
    expect((await registerWith(`${publicSiteUrl()}/en/profile/requests/create`)).stored).toBe('/en/profile/requests/create');
  });

  for (const next of ['https://evil.example/en/profile', '//evil.example/en', '/\t/evil.example/en', '/\\evil.example', 'javascript:alert(1)', '/profile/requests/create', '/en', 'x'.repeat(3000), 42]) {
    it(`drops ${JSON.stringify(next).slice(0, 40)}: no way back in the link, and the registration is not refused`, async () => {
      const { stored, link } = await registerWith(next);
      expect(stored).toBeUndefined();
      expect(link.searchParams.has('next')).toBe(false);
      expect(link.origin).toBe(new URL(publicSiteUrl()).origin);
    });
  }
});
