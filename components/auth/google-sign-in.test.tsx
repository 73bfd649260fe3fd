// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { GoogleSignIn } from './google-sign-in';

// The Google button's words for each way Firebase's popup ends (issue 60, item 8: moved out of the browser tests).
// e2e/google-sign-in.spec.ts keeps what needs the real SDK and a real popup: a sign-in that makes an account, the
// takeover refused, linking from the profile, the SDK loaded only on the click, a blocked popup, Google's script
// unreachable, and an unauthorised domain; which Firebase error each case is, is lib/auth/google-sign-in.test.ts.

const replace = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ replace, push: vi.fn(), prefetch: vi.fn() }) }));
const googleIdToken = vi.fn<(config: unknown, languageCode: string) => Promise<string>>();
vi.mock('@/lib/auth/google-popup', () => ({ googleIdToken: (config: unknown, languageCode: string) => googleIdToken(config, languageCode) }));

const MESSAGES = { en, ar: ar as typeof en } as const;
const CONFIG = { apiKey: 'test-api-key', authDomain: 'portal-test.firebaseapp.com', projectId: 'portal-test', appId: '1:1:web:1' };
const firebaseError = (code: string) => Object.assign(new Error(code), { code });

function renderButton(locale: keyof typeof MESSAGES) {
  return render(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Asia/Riyadh">
      <GoogleSignIn config={CONFIG} />
    </NextIntlClientProvider>,
  );
}

const errorBox = () => screen.getByTestId('google-sign-in-error');
const noticeBox = () => screen.getByTestId('google-sign-in-notice');

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  googleIdToken.mockReset();
  replace.mockReset();
  localStorage.clear();
});

describe('the Google button', () => {
  it('is not there without the server\'s Firebase settings', () => {
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="Asia/Riyadh">
        <GoogleSignIn config={null} />
      </NextIntlClientProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  for (const locale of ['en', 'ar'] as const) {
    const g = MESSAGES[locale].Auth.google;

    for (const [code, key] of [
      ['auth/popup-blocked', 'popupBlocked'],
      ['auth/network-request-failed', 'networkFailed'],
      ['auth/unauthorized-domain', 'unauthorizedDomain'],
      ['auth/operation-not-allowed', 'failed'],
    ] as const) {
      it(`${code}: the alert says Auth.google.${key}, and the button can be pressed again (${locale})`, async () => {
        googleIdToken.mockRejectedValueOnce(firebaseError(code));
        renderButton(locale);
        fireEvent.click(screen.getByRole('button', { name: g.button }));
        await waitFor(() => expect(errorBox().textContent).toBe(g[key]));
        expect(noticeBox().textContent).toBe('');
        const button = screen.getByRole('button', { name: g.button });
        expect(button.getAttribute('aria-disabled')).toBeNull();
        expect(replace).not.toHaveBeenCalled();
      });
    }

    it(`waits while the popup is open; closing it gives a quiet note, not an error (${locale})`, async () => {
      let closePopup: (error: unknown) => void = () => undefined;
      googleIdToken.mockImplementationOnce(() => new Promise((_resolve, reject) => (closePopup = reject)));
      renderButton(locale);
      fireEvent.click(screen.getByRole('button', { name: g.button }));
      // The popup is open: the button says it waits, and takes no second press.
      const waiting = await screen.findByRole('button', { name: g.pending });
      expect(waiting.getAttribute('aria-disabled')).toBe('true');
      expect(googleIdToken).toHaveBeenCalledWith(CONFIG, locale);
      await act(async () => closePopup(firebaseError('auth/popup-closed-by-user')));
      await waitFor(() => expect(noticeBox().textContent).toBe(g.closed));
      expect(noticeBox().getAttribute('role')).toBe('status');
      expect(errorBox().textContent).toBe('');
      expect(screen.getByRole('button', { name: g.button }).getAttribute('aria-disabled')).toBeNull();
    });
  }

  it('shows the server\'s own message when it refuses the token, and signs in when it accepts it', async () => {
    const fetchMock = vi.mocked(fetch);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    fetchMock.mockResolvedValueOnce(json(422, { error: { code: 'invalid_id_token', message: 'تعذّر تأكيد تسجيل الدخول عبر Google.' } }));
    googleIdToken.mockResolvedValue('firebase-id-token');
    renderButton('ar');
    fireEvent.click(screen.getByRole('button', { name: ar.Auth.google.button }));
    await waitFor(() => expect(errorBox().textContent).toBe('تعذّر تأكيد تسجيل الدخول عبر Google.'));
    expect(replace).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/auth/social');
    expect(JSON.parse(String(init?.body))).toEqual({ provider: 'google', id_token: 'firebase-id-token' });

    const user = { id: '00000000-0000-4000-8000-000000000001', name: 'Maryam Al-Qahtani', email: 'maryam@example.com' };
    fetchMock.mockResolvedValueOnce(json(200, { data: user, token: 'portal-token' }));
    fireEvent.click(screen.getByRole('button', { name: ar.Auth.google.button }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/ar'));
    expect(errorBox().textContent).toBe('');
  });
});
