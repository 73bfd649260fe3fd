'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { AccountSession } from '@/lib/contract/accounts';
import type { ListedPushDevice } from '@/lib/contract/notifications';

// "Your devices" on the profile: the account's sessions and push devices.

export const sessionsQueryKey = ['me', 'sessions'] as const;
export const pushDevicesQueryKey = ['devices'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async () => (await apiRequest<{ data: AccountSession[] }>('/me/sessions')).data,
  });
}

export function usePushDevices() {
  return useQuery({
    queryKey: pushDevicesQueryKey,
    queryFn: async () => (await apiRequest<{ data: ListedPushDevice[] }>('/devices')).data,
  });
}

/** Signs one other device out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** That browser stops receiving push messages. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest(`/devices/${encodeURIComponent(token)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushDevicesQueryKey }),
  });
}
