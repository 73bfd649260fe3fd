import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { RequestTypeInfo } from '@/lib/contract/requests';
import { PLACES_REFRESH_MS } from '@/components/requests/use-places-left';

// For component tests of what shows places left (components/requests/use-places-left.ts), with fake timers: the
// server at the edge (the page's fetch), the tab's visibility, and the turns of the reading.

/** GET /request-types answering `type` with the places left of `answer.current` at each call; `fetch`, its calls. */
export function answerPlacesLeft(type: RequestTypeInfo) {
  const answer = { current: type.places_left };
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    void url;
    void init;
    return { ok: true, status: 200, text: async () => JSON.stringify({ data: [{ ...type, places_left: answer.current }] }) };
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, answer };
}

/** The server unreachable: what shows places keeps what it was given. */
export const placesLeftOffline = () => vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));

let visibility: DocumentVisibilityState = 'visible';

/** The tab shown or hidden, as the browser says it (document.visibilityState and its event); shown at first. */
export function tabVisibility() {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  return (state: DocumentVisibilityState) => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  };
}

/** Lets `ms` of fake time pass (a refresh's turn by default), with what the answers render. */
export const placesTurn = (ms = PLACES_REFRESH_MS) => act(() => vi.advanceTimersByTimeAsync(ms));
