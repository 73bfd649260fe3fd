// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ApiClientError } from '@/lib/api-client';
import { googleSignInOutcome } from './google-sign-in';

// Firebase's errors carry their code as `auth/...` (FirebaseError); plain objects stand in for them.
const firebaseError = (code: string, customData?: unknown) => Object.assign(new Error(code), { code, customData });

describe('googleSignInOutcome', () => {
  it('names the three problems a user can act on', () => {
    expect(googleSignInOutcome(firebaseError('auth/popup-blocked'))).toEqual({ kind: 'error', key: 'popupBlocked' });
    expect(googleSignInOutcome(firebaseError('auth/network-request-failed'))).toEqual({ kind: 'error', key: 'networkFailed' });
    expect(googleSignInOutcome(firebaseError('auth/unauthorized-domain'))).toEqual({ kind: 'error', key: 'unauthorizedDomain' });
  });

  it('treats Google\'s script failing to load as a network problem, other internal errors as a failure', () => {
    expect(googleSignInOutcome(firebaseError('auth/internal-error', new Event('error')))).toEqual({ kind: 'error', key: 'networkFailed' });
    expect(googleSignInOutcome(firebaseError('auth/internal-error', { appName: 'x' }))).toEqual({ kind: 'error', key: 'failed' });
  });

  it('is quiet about a popup the user closed, and silent about one replaced by a second click', () => {
    expect(googleSignInOutcome(firebaseError('auth/popup-closed-by-user'))).toEqual({ kind: 'closed' });
    expect(googleSignInOutcome(firebaseError('auth/cancelled-popup-request'))).toEqual({ kind: 'cancelled' });
  });

  it('shows the server\'s localized message (a refused token, too many attempts)', () => {
    const refused = new ApiClientError(422, { error: { code: 'invalid_id_token', message: 'تعذّر تأكيد تسجيل الدخول عبر Google.' } });
    expect(googleSignInOutcome(refused)).toEqual({ kind: 'server', message: 'تعذّر تأكيد تسجيل الدخول عبر Google.' });
    expect(googleSignInOutcome(new ApiClientError(500, null))).toEqual({ kind: 'error', key: 'failed' });
  });

  it('treats an unreachable API or SDK chunk as a network problem, anything else as a failure', () => {
    expect(googleSignInOutcome(new TypeError('Failed to fetch'))).toEqual({ kind: 'error', key: 'networkFailed' });
    expect(googleSignInOutcome(Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }))).toEqual({ kind: 'error', key: 'networkFailed' });
    expect(googleSignInOutcome(firebaseError('auth/operation-not-allowed'))).toEqual({ kind: 'error', key: 'failed' });
    expect(googleSignInOutcome('?')).toEqual({ kind: 'error', key: 'failed' });
  });
});
