import { ApiClientError } from '@/lib/api-client';

// What the Google button needs to know, and what to tell the user when it fails.
// Light on purpose: the Firebase SDK itself is in google-popup.ts, loaded on the click.

// The Firebase web app settings (public by design), read by the server at run time: the API's shape
// (lib/contract/accounts.ts), named here too for the sign-in buttons and pages that take it as a prop.
export type { FirebaseClientConfig } from '@/lib/contract/accounts';

/** A key of Auth.google, or the server's own localized message. */
export type GoogleSignInOutcome =
  | { kind: 'cancelled' }
  | { kind: 'closed' }
  | { kind: 'error'; key: 'popupBlocked' | 'networkFailed' | 'unauthorizedDomain' | 'failed' }
  | { kind: 'server'; message: string };

function codeOf(error: unknown): string | undefined {
  return error && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : undefined;
}

export function googleSignInOutcome(error: unknown): GoogleSignInOutcome {
  if (error instanceof ApiClientError) {
    // The server's answer is already in the reader's language (422 bad token, 429...).
    return error.body?.error?.message ? { kind: 'server', message: error.body.error.message } : { kind: 'error', key: 'failed' };
  }
  switch (codeOf(error)) {
    case 'auth/popup-blocked':
      return { kind: 'error', key: 'popupBlocked' };
    case 'auth/network-request-failed':
    case 'auth/timeout':
      return { kind: 'error', key: 'networkFailed' };
    case 'auth/unauthorized-domain':
      return { kind: 'error', key: 'unauthorizedDomain' };
    case 'auth/popup-closed-by-user':
    case 'auth/user-cancelled':
      return { kind: 'closed' };
    // A second click replaced the first popup: the second one carries on.
    case 'auth/cancelled-popup-request':
      return { kind: 'cancelled' };
    case 'auth/internal-error':
      // Firebase reports Google's script failing to load (offline) as an internal
      // error whose customData is the script's error event.
      if (typeof Event !== 'undefined' && (error as { customData?: unknown }).customData instanceof Event) {
        return { kind: 'error', key: 'networkFailed' };
      }
      return { kind: 'error', key: 'failed' };
  }
  // The SDK's chunk or our API could not be reached.
  if (error instanceof TypeError || (error instanceof Error && /chunk|dynamically imported module/i.test(`${error.name} ${error.message}`))) {
    return { kind: 'error', key: 'networkFailed' };
  }
  return { kind: 'error', key: 'failed' };
}
