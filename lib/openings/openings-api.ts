'use client';

import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { QueuePlaceAnswer } from '@/lib/contract/openings';

// A pilgrim's place in an opening's queue (issue 59, docs/OPENING.md): read, joined, left
// (app/api/v1/openings/[service]/queue). What the API answers is in lib/contract/openings.ts.

export type OpeningService = QueuePlaceAnswer['service'];

export const openingKeys = {
  place: (service: OpeningService) => ['openings', service, 'place'] as const,
};

const path = (service: OpeningService) => `/openings/${service}/queue`;

export const fetchQueuePlace = async (service: OpeningService) => (await apiRequest<{ data: QueuePlaceAnswer }>(path(service))).data;

/** After a failed read: 5, 10, 20, 40, then every 60 seconds; never sooner, so a server in trouble is not asked in a loop. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000, 5_000 * 2 ** Math.max(0, failures - 1));
}

/**
 * When to read the place again after this answer: when the server said (poll_after_s); before the queue opens,
 * at its opening (at most a minute away, so a changed time is seen); null: nothing will change by itself.
 */
export function nextReadMs(place: QueuePlaceAnswer, now: number = Date.now()): number | null {
  if (place.poll_after_s !== null) return place.poll_after_s * 1000;
  if (place.state === 'not_joined' && place.opening.state === 'upcoming') {
    return Math.min(60_000, Math.max(2_000, Date.parse(place.opening.queue_opens_at) - now + 1_000));
  }
  return null;
}

/**
 * The place, read again after each answer when the server says (a timeout set from that answer, never an
 * interval and never a page reload). A failed read keeps the last place shown (`reconnecting`) and tries again
 * later, further apart each time; offline, the query waits for the connection and reads on its return.
 */
export function useQueuePlace(service: OpeningService) {
  const query = useQuery({
    queryKey: openingKeys.place(service),
    queryFn: () => fetchQueuePlace(service),
    // The timeout below is the only schedule: no retries of its own, no reads on focus between answers.
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  const failures = useRef(0);
  const { data, dataUpdatedAt, errorUpdatedAt, isError, refetch } = query;
  useEffect(() => {
    // The answer that came last decides: a success after failures starts the count again.
    const lastWasError = isError && errorUpdatedAt >= dataUpdatedAt;
    failures.current = lastWasError ? failures.current + 1 : 0;
    const delay = lastWasError ? retryDelayMs(failures.current) : data ? nextReadMs(data) : null;
    if (delay === null) return;
    const timer = window.setTimeout(() => void refetch(), delay);
    return () => window.clearTimeout(timer);
  }, [data, dataUpdatedAt, errorUpdatedAt, isError, refetch]);
  return { ...query, reconnecting: Boolean(data) && (isError || query.fetchStatus === 'paused') };
}

/** The answer of a join, kept beside the place: only POST says what the draft still needs. */
export function useJoinQueue(service: OpeningService) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<{ data: QueuePlaceAnswer }>(path(service), { method: 'POST', body: {}, objectMode: true })).data,
    onSuccess: (place) => client.setQueryData(openingKeys.place(service), place),
  });
}

export function useLeaveQueue(service: OpeningService) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<{ data: QueuePlaceAnswer }>(path(service), { method: 'DELETE' })).data,
    onSuccess: (place) => client.setQueryData(openingKeys.place(service), place),
  });
}
