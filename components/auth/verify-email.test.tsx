// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { useAuthStore } from '@/lib/auth/auth-store';
import { VerifyEmail } from './verify-email';

// The confirmation link's page leads on to where the pilgrim was going when they registered (issue 63, item 3): its
// `next`, only a page of this site; anything else leads where it always did.

let search = new URLSearchParams();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }), useSearchParams: () => search }));
vi.mock('@/lib/auth/use-auth-hydrated', () => ({ useAuthHydrated: () => true }));

const USER = { id: 'u1', name: 'Aisha Rahman', email: 'aisha@example.com', email_verified: true };
const MESSAGES = { en, ar } as const;

function show(locale: 'en' | 'ar', next: string | null) {
  search = new URLSearchParams({ token: 't'.repeat(43), ...(next === null ? {} : { next }) });
  render(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Asia/Riyadh">
      <VerifyEmail />
    </NextIntlClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: USER }), { status: 200, headers: { 'content-type': 'application/json' } })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.getState().deleteUserData();
});

describe('confirmed: where the page leads', () => {
  for (const locale of ['en', 'ar'] as const) {
    const m = MESSAGES[locale];

    it(`signed in: on to the application form the registration came from (${locale})`, async () => {
      useAuthStore.setState({ userData: USER });
      show(locale, `/${locale}/profile/requests/create`);
      const link = await screen.findByRole('link', { name: m.EmailVerification.continueAsked });
      expect(link.getAttribute('href')).toBe(`/${locale}/profile/requests/create`);
    });

    it(`signed out (another browser): signing in first, then the form (${locale})`, async () => {
      show(locale, `/${locale}/profile/requests/create`);
      const link = await screen.findByRole('link', { name: m.EmailVerification.signIn });
      expect(link.getAttribute('href')).toBe(`/${locale}/auth/login?next=${encodeURIComponent(`/${locale}/profile/requests/create`)}`);
    });
  }

  for (const next of ['https://evil.example/en/profile/requests/create', '//evil.example/en', '/\t/evil.example', 'javascript:alert(1)', '/profile/requests/create', null]) {
    it(`${JSON.stringify(next)} is no way back: "Go to my requests", as before`, async () => {
      useAuthStore.setState({ userData: USER });
      show('en', next);
      const link = await screen.findByRole('link', { name: en.EmailVerification.continue });
      expect(link.getAttribute('href')).toBe('/en/profile/requests');
    });
  }
});
