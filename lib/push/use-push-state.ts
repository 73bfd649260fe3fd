'use client';

import { useSyncExternalStore } from 'react';
import { PUSH_STATE_EVENT, pushEnabled, pushSupported } from './push-client';

export type PushState = { supported: boolean; permission: NotificationPermission | 'unsupported'; enabled: boolean; dismissed: boolean };

export const PUSH_OFFER_DISMISSED_KEY = 'push_offer_dismissed';

function subscribe(onChange: () => void) {
  window.addEventListener(PUSH_STATE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(PUSH_STATE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

// A string snapshot: stable between calls while nothing changes.
function snapshot() {
  const supported = pushSupported();
  return JSON.stringify({
    supported,
    permission: supported ? Notification.permission : 'unsupported',
    enabled: pushEnabled(),
    dismissed: localStorage.getItem(PUSH_OFFER_DISMISSED_KEY) !== null,
  });
}

const SERVER = JSON.stringify({ supported: false, permission: 'unsupported', enabled: false, dismissed: true });

/** This browser's push state, read after hydration (the server knows nothing of it). */
export function usePushState(): PushState {
  return JSON.parse(useSyncExternalStore(subscribe, snapshot, () => SERVER)) as PushState;
}
