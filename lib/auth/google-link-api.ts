'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GoogleLink } from '@/lib/contract/accounts';

// Google on the profile: whether it is linked, linking (a popup's ID token) and unlinking.

export const googleLinkQueryKey = ['me', 'google'] as const;

export function useGoogleLink() {
  return useQuery({
    queryKey: googleLinkQueryKey,
    queryFn: async () => (await apiRequest<{ data: GoogleLink }>('/me/google')).data,
  });
}

export function useLinkGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (idToken: string) =>
      (await apiRequest<{ data: GoogleLink }>('/me/google', { method: 'POST', body: { id_token: idToken }, objectMode: true })).data,
    onSuccess: (state) => queryClient.setQueryData(googleLinkQueryKey, state),
  });
}

export function useUnlinkGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<{ data: GoogleLink }>('/me/google', { method: 'DELETE' })).data,
    onSuccess: (state) => queryClient.setQueryData(googleLinkQueryKey, state),
  });
}
