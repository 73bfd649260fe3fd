'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { RequestStatus } from './statuses';
import type { RequestStep } from './steps';
import type { PlacesLeft } from './places';

// The requests' data access: types, fetchers, query keys and hooks in one place.

/** A service's season (lib/requests/travel-months.ts): Hajj's applications close before its days, 8-13 Dhu al-Hijjah. */
export type SeasonInfo = {
  start: string;
  end: string;
  start_gregorian: string | null;
  end_gregorian: string | null;
  applications_close: string;
  applications_close_gregorian: string | null;
  pilgrimage: { start: string; end: string; start_gregorian: string | null; end_gregorian: string | null } | null;
};

/** What one pilgrim pays in a package of the service. */
export const packageFee = (type: Pick<RequestTypeInfo, 'fee_minor' | 'fees_minor'>, pkg: string | undefined): number => (pkg ? type.fees_minor[pkg] : undefined) ?? type.fee_minor;

export type RequestTypeInfo = {
  id: 'hajj' | 'umrah';
  code: string;
  name: { en: string; ar: string };
  /** The lowest fee of the packages offered, per pilgrim ("from"). */
  fee_minor: number;
  /** Per package offered, its fee per pilgrim: what a request in it pays. */
  fees_minor: Record<string, number>;
  currency: string;
  season: SeasonInfo;
  companion_limit: number;
  packages: string[];
  /** Per package: places left this season, null when unlimited (docs/PLACES.md). */
  places_left: PlacesLeft;
  /** Whether the office takes applications now (a season that has ended is closed too). */
  open: boolean;
};

export type RequestSummary = {
  id: string;
  /** Whether the fee is paid; null for drafts. */
  payment: 'paid' | 'refunding' | 'refunded' | 'unpaid' | null;
  reference: string | null;
  type: 'hajj' | 'umrah';
  status: RequestStatus;
  step: RequestStep;
  completed_steps: RequestStep[];
  steps_total: number;
  pilgrims: number;
  applicant_name: string | null;
  fee_minor: number | null;
  /** How many pilgrims the fee covers (fixed at the first submit); null before it. */
  fee_pilgrims: number | null;
  currency: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  /** By when to pay, while the request awaits payment (it expires then); else null. */
  pay_by: string | null;
  /** While on the package's reserve list: its place there (1 is offered places first); else null. */
  reserve_position: number | null;
};

export type RequestDocument = { id: string; pilgrim: string; kind: 'passport' | 'photo'; file_name: string; mime: string; size: number; created_at: string };
export type RequestHistoryEntry = { from: RequestStatus | null; to: RequestStatus; actor: 'user' | 'office' | 'system'; note: string | null; at: string };

export type RequestPayment = {
  id: string;
  status: 'initiated' | 'pending' | 'paid' | 'failed' | 'voided' | 'refunding' | 'refunded';
  amount_minor: number;
  currency: string;
  failure_reason: string | null;
  card_last4: string | null;
  /** test, moyasar, or counter (paid at the office's counter, with its receipt number). */
  provider: string;
  receipt_number: string | null;
  created_at: string;
  paid_at: string | null;
  refunded_at: string | null;
  refund_reason: string | null;
};

export type RequestDetails = RequestSummary & {
  data: Record<string, unknown>;
  /** While changes are requested: what the office asked to change, per pilgrim ('applicant', 'companion-0', …). */
  flagged?: Record<string, string[]> | null;
  payments: RequestPayment[];
  documents: RequestDocument[];
  history: RequestHistoryEntry[];
};

export type Page<T> = { data: T[]; meta: { page: number; per_page: number; total: number; total_pages: number } };

export const requestKeys = {
  types: ['request-types'] as const,
  list: (status: string | undefined, page: number) => ['requests', 'list', status ?? 'all', page] as const,
  one: (id: string) => ['requests', 'one', id] as const,
  // Under 'requests': every change to a request refreshes it too.
  needsDoing: ['requests', 'needs-doing'] as const,
};

export const fetchRequestTypes = async () => (await apiRequest<{ data: RequestTypeInfo[] }>('/request-types')).data;

export function useRequestTypes() {
  // A minute, as the home page's copy: places left change with every request sent.
  return useQuery({ queryKey: requestKeys.types, queryFn: fetchRequestTypes, staleTime: 60_000 });
}

export function fetchRequests(status: RequestStatus | undefined, page: number) {
  const query = new URLSearchParams({ page: String(page) });
  if (status) query.set('status', status);
  return apiRequest<Page<RequestSummary>>(`/requests?${query}`);
}

/** The user's requests (drafts only when status is 'draft'), a page at a time. */
export function useRequests(status: RequestStatus | undefined, page: number) {
  return useQuery({ queryKey: requestKeys.list(status, page), queryFn: () => fetchRequests(status, page), placeholderData: keepPreviousData });
}

export const fetchRequest = async (id: string) => (await apiRequest<{ data: RequestDetails }>(`/requests/${id}`)).data;

export function useRequest(id: string) {
  return useQuery({ queryKey: requestKeys.one(id), queryFn: () => fetchRequest(id) });
}

/** What needs doing on the account (GET /me/needs-doing): the account page's first section and the header's count. */
export type NeedsDoing = {
  /** Payments due and changes asked for: what runs on someone else's clock. */
  count: number;
  awaiting_payment: RequestSummary[];
  changes_requested: (RequestSummary & { office_note: string | null })[];
  /** On a reserve list: nothing to do but wait, shown with the position. */
  reserved: RequestSummary[];
  drafts: RequestSummary[];
};

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
