'use client';

import { apiRequest } from '@/lib/api-client';
import type { RenewedSession, SessionEnd } from '@/lib/contract/accounts';
import { useAuthStore } from './auth-store';

// This session's end and "Stay signed in" (components/auth/session-end-warning.tsx).

/** Keyed by the token: a renewal here or in another tab (a new token) is a new end to read. */
export const sessionEndKey = (token: string | null) => ['session-end', token] as const;

/** GET /me/sessions/current; a session that already ended answers 401, which the API client handles. */
export async function fetchSessionEnd(): Promise<SessionEnd> {
  return (await apiRequest<{ data: SessionEnd }>('/me/sessions/current')).data;
}

/** POST /me/sessions/renew: the old token ends, so the new one is stored at once (the response also set the cookie). */
export async function renewSession(): Promise<SessionEnd> {
  const renewed = await apiRequest<RenewedSession>('/me/sessions/renew', { method: 'POST' });
  const { userData, setUserData } = useAuthStore.getState();
  if (userData) setUserData(userData, renewed.token);
  return renewed.data;
}
