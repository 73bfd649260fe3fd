'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { useLocale } from 'next-intl';
import { useAuthStore } from './auth-store';
import { healSession, onSessionSettled, sessionSettled } from './session-heal';

function subscribe(onChange: () => void) {
  const unsubscribeStore = useAuthStore.persist.onFinishHydration(onChange);
  const unsubscribeHeal = onSessionSettled(onChange);
  return () => {
    unsubscribeStore();
    unsubscribeHeal();
  };
}

/**
 * Restores the persisted auth store once, brings it in line with the session
 * cookie (session-heal.ts), and tells whether both are done: until then the
 * page shows neither "Sign in" nor the account.
 */
export function useAuthHydrated(): boolean {
  const locale = useLocale();
  useEffect(() => {
    void (async () => {
      if (!useAuthStore.persist.hasHydrated()) await useAuthStore.persist.rehydrate();
      await healSession(locale);
    })();
  }, [locale]);
  return useSyncExternalStore(
    subscribe,
    () => useAuthStore.persist.hasHydrated() && sessionSettled(),
    () => false,
  );
}
