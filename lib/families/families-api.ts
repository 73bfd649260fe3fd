'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { CompanionInvitation } from '@/lib/contract/requests';
import type { InvitationAccepted, SharedRequest, SharedRequests } from '@/lib/contract/families';

// Families (issue 42): the applicant's invitations, and the companion's side
// ("Requests I am on"). What the API answers is in lib/contract/families.ts.

export const familyKeys = {
  shared: ['shared-requests'] as const,
  one: (id: string) => ['shared-requests', id] as const,
};

/** The applicant's request is refetched after an invitation changes (requests-api.ts keys everything under 'requests'). */
function useInvalidateRequests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['requests'] });
}

export function useInviteCompanion(requestId: string) {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: async ({ pilgrim, email }: { pilgrim: string; email: string }) =>
      (await apiRequest<{ data: CompanionInvitation }>(`/requests/${requestId}/pilgrims/${pilgrim}/invitation`, { method: 'POST', body: { email }, objectMode: true })).data,
    onSuccess: invalidate,
  });
}

export function useWithdrawInvitation(requestId: string) {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (pilgrim: string) => apiRequest(`/requests/${requestId}/pilgrims/${pilgrim}/invitation`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => (await apiRequest<{ data: InvitationAccepted }>('/invitations/accept', { method: 'POST', body: { token }, objectMode: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.shared }),
  });
}

export function useSharedRequests() {
  return useQuery({ queryKey: familyKeys.shared, queryFn: async () => (await apiRequest<{ data: SharedRequests }>('/me/shared-requests')).data.items });
}

export function useSharedRequest(id: string) {
  return useQuery({ queryKey: familyKeys.one(id), queryFn: async () => (await apiRequest<{ data: SharedRequest }>(`/me/shared-requests/${id}`)).data });
}

/** The companion's part as the server now has it, in the cache at once (a saved answer or a confirmation). */
function useStoreShared(id: string) {
  const queryClient = useQueryClient();
  return (data: SharedRequest) => {
    queryClient.setQueryData(familyKeys.one(id), data);
    void queryClient.invalidateQueries({ queryKey: familyKeys.shared, exact: true });
  };
}

export function useSaveSharedAnswers(id: string) {
  const store = useStoreShared(id);
  return useMutation({
    mutationFn: async ({ answers, version }: { answers: Record<string, unknown>; version: number }) =>
      (await apiRequest<{ data: SharedRequest }>(`/me/shared-requests/${id}`, { method: 'PATCH', body: { answers, version }, objectMode: true })).data,
    onSuccess: store,
  });
}

export function useConfirmSharedAnswers(id: string) {
  const store = useStoreShared(id);
  return useMutation({
    mutationFn: async () => (await apiRequest<{ data: SharedRequest }>(`/me/shared-requests/${id}/confirmation`, { method: 'POST', body: {} })).data,
    onSuccess: store,
  });
}

export function useLeaveSharedRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/me/shared-requests/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.shared }),
  });
}

/** The companion's own passport scan or photo. */
export function useUploadSharedDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: 'passport' | 'photo'; file: File }) => apiRequest(`/me/shared-requests/${id}/documents`, { method: 'POST', body: { kind, file } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.one(id) }),
  });
}
