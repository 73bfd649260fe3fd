// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { useAuthStore } from '@/lib/auth/auth-store';
import { readBackup } from '@/lib/requests/draft-backup';
import type { RequestDetails } from '@/lib/contract/requests';
import { useDraft } from '@/components/wizard/use-draft';
import { SignedInGate } from './signed-in-gate';

// Signed out mid-form (issue 63, item 3): an autosave answers 401 (signed out on another device, or the session's time
// ran out). The page stays, says why, offers signing in back to this very step, and the answers typed are kept.

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, replace: vi.fn(), prefetch: vi.fn() }), usePathname: () => '/', useSearchParams: () => new URLSearchParams() }));
// The store is set by each test; the page load's check of the cookie is session-heal's own test.
vi.mock('@/lib/auth/use-auth-hydrated', () => ({ useAuthHydrated: () => true }));
// No warning before the end here (session-end-warning.test.tsx): its GET is not this test's.
vi.mock('@/components/auth/session-end-warning', () => ({ SessionEndWarning: () => null }));

const MESSAGES = { en, ar } as const;
const USER = { id: 'u1', name: 'Aisha Rahman', email: 'aisha@example.com' };
const DRAFT_ID = '7d1c2f4e-2b9a-4c1d-8e0f-3a5b6c7d8e9f';
const REQUEST = { id: DRAFT_ID, version: 3, data: { service: { package: 'standard' } }, completed_steps: ['service'], updated_at: '2027-02-01T06:00:00.000Z' } as unknown as RequestDetails;
const STEP_ADDRESS = (locale: string) => `/${locale}/profile/requests/drafts/complete?id=${DRAFT_ID}&step=applicant`;

/** A step being typed in, on the draft's real autosave and backup. */
function Typing() {
  const draft = useDraft(REQUEST);
  return (
    <>
      <button type="button" onClick={() => draft.update('applicant', { name_latin: 'Aisha Rahman' })}>
        type
      </button>
      <output data-testid="answers">{JSON.stringify(draft.answers.applicant ?? null)}</output>
    </>
  );
}

function show(locale: 'en' | 'ar') {
  return render(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Asia/Riyadh">
      <SignedInGate>
        <Typing />
      </SignedInGate>
    </NextIntlClientProvider>,
  );
}

/** The server: the old token's session has ended; a new sign-in's saves land. */
let live = 'new-token';
const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
async function server(_url: string, init?: RequestInit) {
  if (new Headers(init?.headers).get('authorization') !== `Bearer ${live}`) return json({ error: { code: 'unauthenticated', message: 'Sign in' } }, 401);
  return json({ data: { ...REQUEST, version: 4, updated_at: '2027-02-01T06:05:00.000Z' } }, 200);
}

beforeEach(() => {
  live = 'new-token';
  vi.stubGlobal('fetch', vi.fn(server));
  useAuthStore.setState({ userData: USER, token: 'ended-elsewhere', sessionEnded: false });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  push.mockReset();
  localStorage.clear();
  useAuthStore.getState().deleteUserData();
});

describe('a session that ends while a step is filled in', () => {
  for (const locale of ['en', 'ar'] as const) {
    const m = MESSAGES[locale];

    it(`says why, stays on the step, offers signing in back to it, and keeps the answers (${locale})`, async () => {
      window.history.replaceState(null, '', STEP_ADDRESS(locale));
      show(locale);
      fireEvent.click(screen.getByRole('button', { name: 'type' }));

      // The autosave goes out after its pause and answers 401.
      const heading = await screen.findByRole('heading', { name: m.SignedOut.endedTitle }, { timeout: 3000 });
      expect(screen.getByText(m.SignedOut.endedBody)).toBeTruthy();
      expect(document.activeElement).toBe(heading);
      // No trip to the home page: this page says it.
      expect(push).not.toHaveBeenCalled();
      const signIn = screen.getByRole('link', { name: m.SignedOut.signInAgain });
      const next = new URL(signIn.getAttribute('href')!, 'https://portal.invalid').searchParams.get('next');
      expect(next).toBe(STEP_ADDRESS(locale));
      // Registering is not what a pilgrim who was signed out needs.
      expect(screen.queryByRole('link', { name: m.SignedOut.register })).toBeNull();
      expect(readBackup(DRAFT_ID)).toEqual({ version: 3, unsaved: { applicant: { name_latin: 'Aisha Rahman' } } });

      // Signed in again: the step shows what was typed.
      await act(async () => useAuthStore.getState().setUserData(USER, 'new-token'));
      await waitFor(() => expect(screen.getByTestId('answers').textContent).toBe(JSON.stringify({ name_latin: 'Aisha Rahman' })));
    });
  }

  it('a visitor who was never signed in on this page gets the plain "Sign in to continue"', () => {
    useAuthStore.getState().deleteUserData();
    show('en');
    expect(screen.getByRole('heading', { name: en.SignedOut.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.SignedOut.register })).toBeTruthy();
  });
});
