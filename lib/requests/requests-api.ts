'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { NeedsDoing, RequestDetails, RequestsPage, RequestSummary, RequestTypeInfo } from '@/lib/contract/requests';
import type { RequestStatus } from './statuses';

// The requests' data access: fetchers, query keys and hooks in one place; what
// the API answers is in lib/contract/requests.ts.

/** What one pilgrim pays in a package of the service. */
export const packageFee = (type: Pick<RequestTypeInfo, 'fee_minor' | 'fees_minor'>, pkg: string | undefined): number => (pkg ? type.fees_minor[pkg] : undefined) ?? type.fee_minor;

export const requestKeys = {
  types: ['request-types'] as const,
  list: (status: string | undefined, page: number) => ['requests', 'list', status ?? 'all', page] as const,
  one: (id: string) => ['requests', 'one', id] as const,
  // Under 'requests': every change to a request refreshes it too.
  needsDoing: ['requests', 'needs-doing'] as const,
};

export const fetchRequestTypes = async () => (await apiRequest<{ data: RequestTypeInfo[] }>('/request-types')).data;

export function useRequestTypes() {
  // A minute, as the home page's copy; the places left the wizard shows are read again every few seconds (usePlacesLeft).
  return useQuery({ queryKey: requestKeys.types, queryFn: fetchRequestTypes, staleTime: 60_000 });
}

export function fetchRequests(status: RequestStatus | undefined, page: number) {
  const query = new URLSearchParams({ page: String(page) });
  if (status) query.set('status', status);
  return apiRequest<RequestsPage>(`/requests?${query}`);
}

/** The user's requests (drafts only when status is 'draft'), a page at a time. */
export function useRequests(status: RequestStatus | undefined, page: number) {
  return useQuery({ queryKey: requestKeys.list(status, page), queryFn: () => fetchRequests(status, page), placeholderData: keepPreviousData });
}

export const fetchRequest = async (id: string) => (await apiRequest<{ data: RequestDetails }>(`/requests/${id}`)).data;

export function useRequest(id: string) {
  return useQuery({ queryKey: requestKeys.one(id), queryFn: () => fetchRequest(id) });
}

/** One step's answers as the wizard saves them, with the version they were made on; `complete`: "Continue", checked whole. */
export type StepSave = { step: string; data: unknown; version: number; complete: boolean };

/**
 * Saves a step (PATCH /requests/{id}): the wizard's autosave (components/wizard/use-draft.ts). A stale
 * version is a 409 whose body carries the request as the server has it.
 */
export const saveStep = async (id: string, save: StepSave) =>
  (await apiRequest<{ data: RequestSummary }>(`/requests/${id}`, { method: 'PATCH', objectMode: true, body: save })).data;

export const fetchNeedsDoing = async () => (await apiRequest<{ data: NeedsDoing }>('/me/needs-doing')).data;

export function useNeedsDoing({ enabled = true } = {}) {
  return useQuery({ queryKey: requestKeys.needsDoing, queryFn: fetchNeedsDoing, staleTime: 30_000, enabled });
}

export function useCreateRequest() {
  return useMutation({
    mutationFn: async (type: string) => (await apiRequest<{ data: RequestDetails }>('/requests', { method: 'POST', body: { type }, objectMode: true })).data,
  });
}

function useInvalidateRequests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['requests'] });
}

export function useDeleteDraft() {
  const invalidate = useInvalidateRequests();
  return useMutation({ mutationFn: (id: string) => apiRequest(`/requests/${id}`, { method: 'DELETE' }), onSuccess: invalidate });
}

export function useCancelRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest<{ data: RequestSummary }>(`/requests/${id}/cancel`, { method: 'POST', body: {} })).data,
    onSuccess: invalidate,
  });
}

/** "Change the answers" before paying: the request goes back to a draft and its checkout is voided. */
export function useReopenRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest<{ data: RequestSummary }>(`/requests/${id}/reopen`, { method: 'POST', body: {} })).data,
    onSuccess: invalidate,
  });
}

/** Joins the package's reserve list after sold_out (docs/PLACES.md): the request becomes reserved, with its position. */
export function useJoinReserve() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest<{ data: RequestSummary }>(`/requests/${id}/reserve`, { method: 'POST', body: {} })).data,
    onSuccess: invalidate,
  });
}

/** Leaves the reserve list: a draft again. */
export function useLeaveReserve() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest<{ data: RequestSummary }>(`/requests/${id}/reserve`, { method: 'DELETE' })).data,
    onSuccess: invalidate,
  });
}

export function useSubmitRequest() {
  const invalidate = useInvalidateRequests();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest<{ data: RequestSummary }>(`/requests/${id}/submit`, { method: 'POST', body: {} })).data,
    onSuccess: (sent) => {
      // The confirmation shows at once with the new status, amount and deadline, not the draft's until the refetch.
      queryClient.setQueryData<RequestDetails>(requestKeys.one(sent.id), (old) => (old ? { ...old, ...sent } : old));
      return invalidate();
    },
    // Sold out, or sent: the places left have changed either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.types }),
  });
}

/** The download address of a document; the session cookie authenticates it. */
export function documentUrl(documentId: string) {
  return `${process.env.NEXT_PUBLIC_API_BASE_URL ?? '/api/v1'}/documents/${documentId}`;
}

/** A small JPEG of the document (an image shrunk, a PDF's first page), for an <img>: the session cookie authenticates it. */
export function documentThumbnailUrl(documentId: string) {
  return `${documentUrl(documentId)}/thumbnail`;
}
