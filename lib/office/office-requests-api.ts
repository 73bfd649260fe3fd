'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitedStaff, OfficeRequest, OfficeRequestType, QueuePage, StaffListed } from '@/lib/contract/office';
import type { Package } from '@/lib/requests/packages';
import { officeRequest } from './office-client';

// The console's requests: the queue, one request, and the office's moves on it
// (app/api/v1/office/requests/*). Every move refreshes the request and the queue.
// What the API answers is in lib/contract/office.ts.

export type ReviewMove = {
  status: 'under_review' | 'changes_requested' | 'approved' | 'rejected' | 'cancelled';
  note?: string;
  flags?: Record<string, string[]>;
  /** Per pilgrim and flagged field: a ready-made reason and a note. */
  flag_notes?: Record<string, Record<string, { reason?: string; note?: string }>>;
  /** The deadline for the changes: a Hijri day, DD-MM-YYYY. */
  changes_due?: string;
  /** With cancelled on a paid request: a partial refund, in halalas. */
  refund_minor?: string;
};

const keys = {
  queue: (query: string) => ['office', 'queue', query] as const,
  one: (id: string) => ['office', 'request', id] as const,
};

/** The queue for a query string as the URL holds it (status=…&q=…&page=…). */
export function useOfficeQueue(query: string) {
  return useQuery({
    queryKey: keys.queue(query),
    queryFn: ({ signal }) => officeRequest<QueuePage>(`/requests${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOfficeRequest(id: string) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => officeRequest<{ data: OfficeRequest }>(`/requests/${id}`, { signal }).then((r) => r.data),
  });
}

function useRefreshAfter<I>(id: string, call: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: keys.one(id) }), client.invalidateQueries({ queryKey: ['office', 'queue'] })]),
  });
}

export const useOfficeReview = (id: string) => useRefreshAfter(id, (move: ReviewMove) => officeRequest(`/requests/${id}/review`, { method: 'POST', body: move }));
/** A cheaper package chosen after paying: the refund of its difference proposed, in halalas (all of it when left out). */
export type PackageRefundProposal = { refund_minor?: string; note?: string };
export const usePackageRefund = (id: string) =>
  useRefreshAfter(id, (proposal: PackageRefundProposal) => officeRequest(`/requests/${id}/package-refund`, { method: 'POST', body: proposal }));
export const useOfficeAssign = (id: string) => useRefreshAfter(id, (assign: 'me' | 'nobody') => officeRequest(`/requests/${id}/assign`, { method: 'POST', body: { assign } }));
/** Money received at the counter: the amount in halalas and the receipt number; the member signed in received it. */
export type CounterPayment = { amount_minor: number; receipt_number: string };
export const useOfficeCounterPayment = (id: string) => useRefreshAfter(id, (payment: CounterPayment) => officeRequest(`/requests/${id}/payments`, { method: 'POST', body: payment }));
export const useOfficeNote = (id: string) => useRefreshAfter(id, (body: string) => officeRequest(`/requests/${id}/notes`, { method: 'POST', body: { body } }));

export type CatalogueChange = { fee_minor?: number; season_start?: string; season_end?: string; companion_limit?: number; packages?: Package[]; open?: boolean; places?: Record<string, number | null>; fees_minor?: Record<string, number>; review_days?: number; clock_from?: 'sent' | 'paid'; opening?: OpeningSettings | null };

/** A service's opening as the catalogue sets it (issue 59): opens_at with its offset, minutes as whole numbers. */
export type OpeningSettings = { opens_at: string; admit_per_minute: number; queue_opens_minutes_before?: number; send_window_minutes?: number };

/** The services as the admin edits them (app/api/v1/office/catalogue). */
export function useOfficeCatalogue() {
  return useQuery({
    queryKey: ['office', 'catalogue'],
    queryFn: ({ signal }) => officeRequest<{ data: OfficeRequestType[] }>('/catalogue', { signal }).then((r) => r.data),
  });
}

export function useCatalogueChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CatalogueChange) => officeRequest<{ data: OfficeRequestType }>(`/catalogue/${id}`, { method: 'PATCH', body: change }),
    // An opening set or changed there shows in its live panel too.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['office', 'catalogue'] }), client.invalidateQueries({ queryKey: ['office', 'opening', id] })]),
  });
}

/** The staff as admins manage them (app/api/v1/office/staff). */
export function useOfficeStaff() {
  return useQuery({
    queryKey: ['office', 'staff'],
    queryFn: ({ signal }) => officeRequest<{ data: StaffListed[] }>('/staff', { signal }).then((r) => r.data),
  });
}

function useStaffCall<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: ['office', 'staff'] }) });
}

export const useInviteStaff = () =>
  useStaffCall((input: { email: string; name: string; role: string }) => officeRequest<{ data: InvitedStaff }>('/staff', { method: 'POST', body: input }).then((r) => r.data));
export const useChangeStaff = () =>
  useStaffCall(({ id, ...change }: { id: string; role?: string; disabled?: boolean }) => officeRequest(`/staff/${id}`, { method: 'PATCH', body: change }));
export const useResetTwoFactor = () => useStaffCall((id: string) => officeRequest(`/staff/${id}/reset-two-factor`, { method: 'POST' }));
