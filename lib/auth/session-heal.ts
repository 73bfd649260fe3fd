'use client';

import { API_BASE_URL, ApiClientError, fetchJson } from '@/lib/fetch-json';
import { isSignedIn, useAuthStore, type UserData } from './auth-store';
import { pageCookieSecurity } from '@/lib/security/secure-cookies';

/**
 * Brings the stored sign-in in line with the proxy's guards once per page load.
 * The proxy mirrors the HttpOnly `session` cookie into the readable
 * `has_session=1` (proxy.ts). Two ways they can disagree:
 *
 * - a cookie but an empty store (Safari wipes a site's storage after 7 days
 *   without a visit; the cookie lives on): GET /me with the cookie restores
 *   the user. The API takes the cookie for changes too when they come from
 *   this site's pages (lib/server/auth/authenticate.ts), so the API client
 *   needs no token. A session that has ended answers 401, which clears the
 *   cookie; the hint goes with it, so "Sign in" opens instead of sending the
 *   visitor home again and again;
 * - a user in the store but no cookie (it expired, or was cleared): the
 *   guards see a visitor who is signed out, and so does the page from now on.
 *
 * Anything else (offline, 503) changes nothing: the next page load tries again.
 */

export const SESSION_HINT_COOKIE = 'has_session';

type Phase = 'waiting' | 'healing' | 'done';
let phase: Phase = 'waiting';
const listeners = new Set<() => void>();

function finish() {
  phase = 'done';
  for (const listener of listeners) listener();
}

export function sessionSettled(): boolean {
  return phase === 'done';
}

export function onSessionSettled(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function hinted(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

function forgetHint() {
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${pageCookieSecurity()}`;
}

async function restoreFromCookie(locale: string, fetcher: typeof fetch) {
  // The fetch core alone (lib/fetch-json.ts), not the pilgrims' client: its 401 would sign out and go home.
  try {
    const { body } = await fetchJson<{ data: UserData }>(`${API_BASE_URL}/me`, { locale, fetcher });
    useAuthStore.getState().setUserData(body.data);
  } catch (error) {
    // The server cleared the ended session's cookie with this answer.
    if (error instanceof ApiClientError && error.status === 401) return forgetHint();
    throw error;
  }
}

/** Runs once per page load, after the store is restored from localStorage. */
export async function healSession(locale: string, fetcher: typeof fetch = fetch): Promise<void> {
  if (phase !== 'waiting') return;
  phase = 'healing';
  try {
    const { userData, signedInHere, deleteUserData } = useAuthStore.getState();
    if (hinted() && !isSignedIn(userData)) await restoreFromCookie(locale, fetcher);
    // A sign-in on this page (say on the sign-in page, which has no header to run this) set the cookie
    // after the proxy last looked, and a prefetched page may not have passed the proxy since.
    else if (!hinted() && isSignedIn(userData) && !signedInHere) deleteUserData();
  } catch {
    // Offline or the server briefly away: the page shows what the store holds.
  } finally {
    finish();
  }
}

/** For tests: a fresh page load. */
export function resetSessionHealForTests() {
  phase = 'waiting';
}
