'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthStore, type UserData } from './auth-store';
import type { LoginInput, PasswordChangeInput, ProfileInput, RegisterInput, SocialSignInInput } from './schemas';

// The account's data access: fetchers, query keys and hooks in one place.

type SignIn = { data: UserData; token: string };

export const meQueryKey = ['me'] as const;

export function register(input: RegisterInput) {
  return apiRequest<SignIn>('/auth/register', { method: 'POST', body: input });
}

export function login(input: LoginInput) {
  return apiRequest<SignIn>('/auth/login', { method: 'POST', body: input });
}

/** Google sign-in: the Firebase ID token goes to the server, which verifies it. */
export function socialSignIn(input: SocialSignInInput) {
  return apiRequest<SignIn>('/auth/social', { method: 'POST', body: input, objectMode: true });
}

export async function fetchMe() {
  return (await apiRequest<{ data: UserData }>('/me')).data;
}

/** Signs in with the answer of register, login or social sign-in: the store keeps the user and the token. */
function useSignedIn() {
  const setUserData = useAuthStore((s) => s.setUserData);
  const queryClient = useQueryClient();
  return ({ data, token }: SignIn) => {
    setUserData(data, token);
    queryClient.setQueryData(meQueryKey, data);
  };
}

export function useRegister() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: register, onSuccess: signedIn });
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: login, onSuccess: signedIn });
}

export function useSocialSignIn() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: socialSignIn, onSuccess: signedIn });
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
      (await apiRequest<{ data: UserData }>('/me', { method: 'PATCH', body: input, objectMode: true })).data,
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
