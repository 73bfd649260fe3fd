'use client';

import { apiRequest } from '@/lib/api-client';
import { useAuthStore, type UserData } from './auth-store';
import type { EmailPreferences, PendingEmail, SignedIn } from '@/lib/contract/accounts';

// E-mail verification, password reset, change of address and e-mail
// preferences: the calls. Plain functions (no TanStack Query): the recovery
// pages are public and light, like the sign-in pages.

/** Confirms the address with a link's token (any browser) or a typed code (the signed-in account). */
export async function verifyEmail(input: { token: string } | { code: string }) {
  const { data } = await apiRequest<{ data: UserData }>('/auth/verify-email', { method: 'POST', body: input, objectMode: true });
  // The signed-in account is the one confirmed (or another browser's account: then nothing here changes).
  const store = useAuthStore.getState();
  if (store.userData?.id === data.id) store.setUserData(data);
  return data;
}

export function resendVerification() {
  return apiRequest('/auth/verify-email/resend', { method: 'POST' });
}

export function forgotPassword(email: string) {
  return apiRequest('/auth/forgot-password', { method: 'POST', body: { email }, objectMode: true });
}

/** Sets the new password; every other session ends and this browser is signed in. */
export async function resetPassword(input: { token: string; password: string; password_confirmation: string }) {
  const { data, token } = await apiRequest<SignedIn>('/auth/reset-password', { method: 'POST', body: input, objectMode: true });
  useAuthStore.getState().setUserData(data, token);
  return data;
}

export function changeEmail(input: { email: string; current_password: string }) {
  return apiRequest<{ data: PendingEmail }>('/me/email', { method: 'POST', body: input, objectMode: true });
}

export async function fetchEmailPreferences() {
  return (await apiRequest<{ data: EmailPreferences }>('/me/email-preferences')).data;
}

export async function saveEmailPreferences(input: EmailPreferences) {
  return (await apiRequest<{ data: EmailPreferences }>('/me/email-preferences', { method: 'PUT', body: input, objectMode: true })).data;
}
