'use client';

import { useQuery } from '@tanstack/react-query';
import type { OfficeDashboard } from '@/lib/contract/office';
import { officeRequest } from './office-client';

/** The dashboard's figures, refreshed every minute while the page is open. */
export function useOfficeDashboard() {
  return useQuery({
    queryKey: ['office', 'dashboard'],
    queryFn: ({ signal }) => officeRequest<{ data: OfficeDashboard }>('/dashboard', { signal }).then((r) => r.data),
    refetchInterval: 60_000,
  });
}
