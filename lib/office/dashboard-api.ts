'use client';

import { useQuery } from '@tanstack/react-query';
import type { RequestStatus } from '@/lib/requests/statuses';
import { officeRequest } from './office-client';

export type OfficeDashboardData = {
  by_status: Record<RequestStatus, number>;
  submitted_today: number;
  submitted_this_week: number;
  received_today: { currency: string; amount_minor: number; payments: number }[];
  due_within_24_hours: { count: number; requests: { id: string; reference: string | null; pay_by: string }[] };
  oldest_waiting: { id: string; reference: string | null; submitted_at: string } | null;
};

/** The dashboard's figures, refreshed every minute while the page is open. */
export function useOfficeDashboard() {
  return useQuery({
    queryKey: ['office', 'dashboard'],
    queryFn: ({ signal }) => officeRequest<{ data: OfficeDashboardData }>('/dashboard', { signal }).then((r) => r.data),
    refetchInterval: 60_000,
  });
}
