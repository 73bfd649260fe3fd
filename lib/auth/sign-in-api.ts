'use client';

import { useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { useAuthStore, type UserData } from './auth-store';
import type { LoginInput, RegisterInput, SocialSignInInput } from './schemas';
import type { SignedIn } from '@/lib/contract/accounts';

// Signing in and registering: the calls and their hooks. Without TanStack
// Query on purpose: the sign-in pages are public and their JavaScript budget
// tight. The store keeps the user; components/providers.tsx passes it on to
// the query cache of the signed-in pages.

export function register(input: RegisterInput) {
  return apiRequest<SignedIn>('/auth/register', { method: 'POST', body: input });
}

export function login(input: LoginInput) {
  return apiRequest<SignedIn>('/auth/login', { method: 'POST', body: input });
}

/** Google sign-in: the Firebase ID token goes to the server, which verifies it. */
export function socialSignIn(input: SocialSignInInput) {
  return apiRequest<SignedIn>('/auth/social', { method: 'POST', body: input, objectMode: true });
}

/** A sign-in call and whether it is under way; on success the store keeps the user and the token. */
function useSignInCall<I>(call: (input: I) => Promise<SignedIn>) {
  const setUserData = useAuthStore((s) => s.setUserData);
  const [isPending, setPending] = useState(false);
  async function mutateAsync(input: I): Promise<UserData> {
    setPending(true);
    try {
      const { data, token } = await call(input);
      setUserData(data, token);
      return data;
    } finally {
      setPending(false);
    }
  }
  return { mutateAsync, isPending };
}

export const useRegister = () => useSignInCall(register);
export const useLogin = () => useSignInCall(login);
export const useSocialSignIn = () => useSignInCall(socialSignIn);
