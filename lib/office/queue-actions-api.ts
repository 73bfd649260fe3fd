'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkResult, OfficeCalendar, RefundDecision, SavedFilter } from '@/lib/contract/office';
import { officeRequest } from './office-client';

// The console's casework (issue 41): many requests at once, a member's
// saved filters, and the second member's decision on a refund. Each refreshes
// what it changes.

export type BulkAction = { ids: string[]; action: 'assign' | 'release' | 'note'; assign?: 'me' | string; body?: string };

export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BulkAction) => officeRequest<{ data: BulkResult }>('/requests/bulk', { method: 'POST', body: { ...action } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: ['office'] }),
  });
}

export function useSavedFilters() {
  return useQuery({ queryKey: ['office', 'saved-filters'], queryFn: ({ signal }) => officeRequest<{ data: SavedFilter[] }>('/saved-filters', { signal }).then((r) => r.data) });
}

export function useSaveFilter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filter: { name: string; query: string }) => officeRequest<{ data: SavedFilter }>('/saved-filters', { method: 'POST', body: filter }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: ['office', 'saved-filters'] }),
  });
}

export function useDeleteFilter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => officeRequest(`/saved-filters/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['office', 'saved-filters'] }),
  });
}

export function useRefundDecision(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: 'approve' | 'refuse') => officeRequest<{ data: RefundDecision }>(`/requests/${id}/refund-approval`, { method: 'POST', body: { decision } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: ['office'] }),
  });
}

/** The office's week and holidays, which the review clocks count in (admins). */
export function useOfficeCalendar() {
  return useQuery({ queryKey: ['office', 'calendar'], queryFn: ({ signal }) => officeRequest<{ data: OfficeCalendar }>('/calendar', { signal }).then((r) => r.data) });
}

export function useCalendarChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (calendar: OfficeCalendar) => officeRequest<{ data: OfficeCalendar }>('/calendar', { method: 'PUT', body: { ...calendar } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: ['office', 'calendar'] }),
  });
}
