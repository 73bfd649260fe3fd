'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { useAuthStore } from './auth-store';

function subscribe(onChange: () => void) {
  return useAuthStore.persist.onFinishHydration(onChange);
}

/** Restores the persisted auth store once, and tells whether it has been restored. */
export function useAuthHydrated(): boolean {
  useEffect(() => {
    if (!useAuthStore.persist.hasHydrated()) void useAuthStore.persist.rehydrate();
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => useAuthStore.persist.hasHydrated(),
    () => false,
  );
}
