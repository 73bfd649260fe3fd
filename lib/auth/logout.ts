'use client';

import { apiRequest } from '@/lib/api-client';
import { useAuthStore } from './auth-store';

/** Where this browser's push device token is kept (lib/push/push-client.ts); sent so the server can forget the device. */
export const DEVICE_TOKEN_KEY = 'device_token';

/**
 * Logout as DESIGN section 5 says: logoutLoading while it runs; POST
 * /auth/logout with the device token; on success forget the user and go home;
 * on failure change nothing, silently.
 */
export async function logout(goHome: () => void): Promise<void> {
  const store = useAuthStore.getState();
  store.setLogoutLoading(true);
  try {
    const deviceToken = typeof localStorage === 'undefined' ? null : localStorage.getItem(DEVICE_TOKEN_KEY);
    await apiRequest('/auth/logout', { method: 'POST', body: { device_token: deviceToken } });
    useAuthStore.getState().deleteUserData();
    // The server forgot this device; push is off here until the next user switches it on.
    localStorage.removeItem(DEVICE_TOKEN_KEY);
    goHome();
  } catch {
    // Nothing changes: the user stays signed in and may try again.
  } finally {
    useAuthStore.getState().setLogoutLoading(false);
  }
}
