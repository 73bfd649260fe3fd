'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthStore, type UserData } from './auth-store';
import type { PasswordChangeInput, ProfileInput } from './schemas';

// The account's data access: fetchers, query keys and hooks in one place.

export const meQueryKey = ['me'] as const;

// Signing in lives in sign-in-api.ts (no TanStack Query on the public sign-in pages).
export { login, register, socialSignIn, useLogin, useRegister, useSocialSignIn } from './sign-in-api';

export async function fetchMe() {
  return (await apiRequest<{ data: UserData }>('/me')).data;
}

/** The profile from the server, seeded with what the store remembers. */
export function useMe() {
  const userData = useAuthStore((s) => s.userData);
  const setUserData = useAuthStore((s) => s.setUserData);
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async () => {
      const me = await fetchMe();
      setUserData(me);
      return me;
    },
    enabled: Boolean(userData),
    initialData: userData ?? undefined,
    staleTime: 30_000,
  });
}

export function useUpdateProfile() {
  const setUserData = useAuthStore((s) => s.setUserData);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileInput) =>
      // keepEmpty: PATCH /me leaves out-of-body fields alone, so a cleared mobile must be sent as "".
      (await apiRequest<{ data: UserData }>('/me', { method: 'PATCH', body: input, objectMode: true, keepEmpty: true })).data,
    onSuccess: (user) => {
      setUserData(user);
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => apiRequest('/me/password', { method: 'POST', body: input }),
  });
}

export function useDeleteAccount() {
  const deleteUserData = useAuthStore((s) => s.deleteUserData);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/me', { method: 'DELETE' }),
    onSuccess: () => {
      deleteUserData();
      queryClient.clear();
    },
  });
}

/** Ends every other session of the account; this one stays signed in. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/me/sessions/revoke-others', { method: 'POST' }),
    // The devices list on the profile shows what is left.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  });
}
