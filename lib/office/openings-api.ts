'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfficeOpening } from '@/lib/contract/openings';
import { officeRequest } from './office-client';

// The console's view of an opening as it runs, and the controls of one under way (issue 59, item 7;
// app/api/v1/office/openings/[service]). Its settings change in the catalogue (useCatalogueChange).

type Service = OfficeOpening['service'];

export const officeOpeningKey = (service: Service) => ['office', 'opening', service] as const;

/** How often the console reads an opening again while it admits (and while its queue is open before that). */
export const LIVE_READ_MS = 5_000;
/** Before its queue opens: often enough to see it open. */
const UPCOMING_READ_MS = 30_000;

/** The opening's counts, read again every few seconds while its queue is open or admitting; not once it is over. */
export function useOfficeOpening(service: Service, { enabled = true } = {}) {
  return useQuery({
    queryKey: officeOpeningKey(service),
    queryFn: ({ signal }) => officeRequest<{ data: OfficeOpening }>(`/openings/${service}`, { signal }).then((r) => r.data),
    enabled,
    refetchInterval: (query) => {
      const state = query.state.data?.opening?.state;
      if (state === 'admitting' || state === 'queueing') return LIVE_READ_MS;
      return state === 'upcoming' ? UPCOMING_READ_MS : false;
    },
  });
}

export type OpeningAction = 'pause' | 'resume' | 'end';

export function useOpeningControl(service: Service) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: OpeningAction) => officeRequest<{ data: OfficeOpening }>(`/openings/${service}`, { method: 'POST', body: { action } }).then((r) => r.data),
    onSuccess: (opening) => {
      client.setQueryData(officeOpeningKey(service), opening);
      // The catalogue shows the opening's state too.
      return client.invalidateQueries({ queryKey: ['office', 'catalogue'] });
    },
  });
}
