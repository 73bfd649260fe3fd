'use client';

import { apiRequest } from '@/lib/api-client';
import { useAuthStore, type UserData } from './auth-store';
import type { MobileCodeSent, SmsPreferences } from '@/lib/contract/accounts';

// The account's mobile number and its text messages (issue 62): the calls.

/** Texts a code to the number (now the account's, unconfirmed when it changed). */
export async function sendMobileCode(mobile: string) {
  const { data } = await apiRequest<{ data: MobileCodeSent }>('/me/mobile', { method: 'POST', body: { mobile }, objectMode: true });
  const store = useAuthStore.getState();
  if (store.userData) store.setUserData({ ...store.userData, phone: data.phone, mobile_confirmed: false });
  return data;
}

/** Confirms the number with the code texted to it; answers the profile. */
export async function confirmMobileCode(code: string) {
  const { data } = await apiRequest<{ data: UserData }>('/me/mobile/confirm', { method: 'POST', body: { code }, objectMode: true });
  useAuthStore.getState().setUserData(data);
  return data;
}

export async function fetchSmsPreferences() {
  return (await apiRequest<{ data: SmsPreferences }>('/me/sms-preferences')).data;
}

export async function saveSmsPreferences(input: SmsPreferences) {
  return (await apiRequest<{ data: SmsPreferences }>('/me/sms-preferences', { method: 'PUT', body: input, objectMode: true })).data;
}
