'use client';

import { useSyncExternalStore } from 'react';
import type { PlacesLeft } from '@/lib/requests/places';
import { fetchPlacesLeft } from '@/lib/requests/places-left-api';

/** How often a visible page asks again: a place freed is shown within this (issue 63, item 2). */
export const PLACES_REFRESH_MS = 5_000;

// One reader for the whole tab, whatever shows the places (the home page's two cards, a wizard step): one request
// every few seconds while the page is visible, at once when it is shown again or takes the focus; none while hidden.
let latest: Record<string, PlacesLeft> | null = null;
let latestText = '';
const listeners = new Set<() => void>();
let stopReading: (() => void) | null = null;
// The answer awaited, if any: one at a time, and dropped when nothing shows places any more.
let reading: AbortController | null = null;

async function readNow() {
  if (reading || document.visibilityState !== 'visible') return;
  const mine = (reading = new AbortController());
  // One that hangs is given up after two turns, so the reading goes on.
  const giveUp = setTimeout(() => mine.abort(), 2 * PLACES_REFRESH_MS);
  try {
    const answer = await fetchPlacesLeft(document.documentElement.lang || 'ar', { signal: mine.signal });
    const text = JSON.stringify(answer);
    // The same answer keeps the same object: nothing showing places renders again for it.
    if (!mine.signal.aborted && text !== latestText) {
      latest = answer;
      latestText = text;
      for (const listener of listeners) listener();
    }
  } catch {
    // Offline, or the server restarting: what is shown stays, and the next turn asks again.
  } finally {
    clearTimeout(giveUp);
    if (reading === mine) reading = null;
  }
}

function startReading(): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const read = () => void readNow();
  const schedule = () => {
    clearInterval(timer);
    timer = document.visibilityState === 'visible' ? setInterval(read, PLACES_REFRESH_MS) : undefined;
  };
  const onVisibility = () => {
    read();
    schedule();
  };
  read();
  schedule();
  window.addEventListener('focus', read);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    window.removeEventListener('focus', read);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  stopReading ??= startReading();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    stopReading?.();
    stopReading = null;
    reading?.abort();
    reading = null;
    // Nothing shows places now: the next to show them starts from what it was given, and asks at once.
    latest = null;
    latestText = '';
  };
}

/**
 * Places left per package of a service, current within a few seconds: `given` (the prerendered page's, or the
 * wizard's catalogue) until GET /request-types answers, then its answer, asked again every PLACES_REFRESH_MS.
 */
export function usePlacesLeft(service: string, given: PlacesLeft): PlacesLeft {
  const live = useSyncExternalStore(
    subscribe,
    () => latest,
    () => null,
  );
  return live?.[service] ?? given;
}
