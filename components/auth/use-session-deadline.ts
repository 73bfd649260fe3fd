'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_STORAGE_KEY, useAuthStore } from '@/lib/auth/auth-store';
import { fetchSessionEnd, renewSession, sessionEndKey } from '@/lib/auth/session-api';

/** The warning opens this long before the end: time to read it and press one button (WCAG 2.2.1 asks for 20 seconds). */
export const WARN_BEFORE_MS = 2 * 60 * 1000;
// setTimeout's delay is a 32-bit number of milliseconds (about 24.8 days): a later end is waited for in steps.
const LONGEST_WAIT_MS = 24 * 60 * 60 * 1000;
// An end read this recently is trusted as it is; an older one is read again before warning (used or renewed meanwhile).
const FRESH_MS = 5000;

/**
 * When this tab's session ends, counted on the browser's clock from the
 * seconds the server says are left (a wrong clock does not move it): whether
 * the warning is due, the seconds left while it is, and "Stay signed in".
 * At the end, the session is read again: a 401 takes the API client's way (a
 * page of the account says the session ended), and a session renewed in
 * another tab simply goes on.
 */
export function useSessionDeadline() {
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.token);
  const end = useQuery({ queryKey: sessionEndKey(token), queryFn: fetchSessionEnd, staleTime: Infinity, retry: false });
  const deadline = end.data ? end.dataUpdatedAt + end.data.seconds_left * 1000 : null;
  const [warning, setWarning] = useState(false);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const { refetch, dataUpdatedAt } = end;

  // Whether this end was read again at the start of the warning: once, not at every second of the countdown.
  const checkedAgain = useRef(false);
  useEffect(() => {
    if (deadline === null) return;
    let timer: number | undefined;
    const check = () => {
      const left = deadline - Date.now();
      setNow(Date.now());
      if (left > WARN_BEFORE_MS) {
        checkedAgain.current = false;
        setWarning(false);
        timer = window.setTimeout(check, Math.min(left - WARN_BEFORE_MS, LONGEST_WAIT_MS));
      } else if (left <= 0) {
        // The end: read again. Ended → 401, and the API client's way; renewed elsewhere → a new deadline.
        timer = window.setTimeout(() => void refetch(), Date.now() - dataUpdatedAt > FRESH_MS ? 0 : 1000);
      } else if (!checkedAgain.current && Date.now() - dataUpdatedAt > FRESH_MS) {
        checkedAgain.current = true;
        void refetch();
      } else {
        checkedAgain.current = true;
        setWarning(true);
        // The countdown, once a second; what is announced changes far less often (session-end-warning.tsx).
        timer = window.setTimeout(check, Math.min(1000, left));
      }
    };
    check();
    return () => window.clearTimeout(timer);
  }, [deadline, dataUpdatedAt, refetch]);

  // Another tab's "Stay signed in" wrote a new token: take it, so that this tab's calls use the live one.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY) void useAuthStore.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const staySignedIn = useCallback(async () => {
    const renewed = await renewSession();
    queryClient.setQueryData(sessionEndKey(useAuthStore.getState().token), renewed);
    setDismissed(null);
  }, [queryClient]);

  const secondsLeft = deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
  return {
    /** The warning is shown: due, and not closed for this very end. */
    open: warning && dismissed !== deadline,
    secondsLeft: secondsLeft ?? 0,
    dismiss: () => setDismissed(deadline),
    staySignedIn,
  };
}
