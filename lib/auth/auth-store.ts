'use client';

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The signed-in user as the API returns it. */
export type UserData = {
  id: string;
  name: string;
  email: string;
  /** Whether the address is confirmed; submitting and paying need it. */
  email_verified?: boolean;
  phone?: string | null;
  /** Whether that number was confirmed with a code texted to it (text messages go only to it then). */
  mobile_confirmed?: boolean;
  locale?: string | null;
};

export type PaymentStatus = 'pending' | 'paid' | 'failed' | null;

type AuthState = {
  userData: UserData | null;
  token: string | null;
  unreadNotifications: boolean;
  /** How many are unread, for the badge; `unreadNotifications` is whether any are. */
  unreadCount: number;
  logoutLoading: boolean;
  payment_status: PaymentStatus;
  /**
   * Signed in during this page load (a token came with the user): the answer
   * that brought the token also set the session cookie, so the page's session
   * check (session-heal.ts) must not take the missing cookie hint for a
   * signed-out visitor. Not persisted.
   */
  signedInHere: boolean;
  /**
   * The session ended while this page was open (an API call answered 401:
   * signed out on another device, or its time ran out): the page says so
   * (SignedInGate) instead of only showing "Sign in". Not persisted.
   */
  sessionEnded: boolean;
  /** Stores the user and, when one comes with it, the token. */
  setUserData: (userData: UserData, token?: string | null) => void;
  /** Forgets the user and the token. */
  deleteUserData: () => void;
  /** Forgets the user and the token because the server ended the session (sessionEnded). */
  endSession: () => void;
  setUnreadNotifications: (unread: boolean) => void;
  setUnreadCount: (count: number) => void;
  setLogoutLoading: (loading: boolean) => void;
  setPaymentStatus: (status: PaymentStatus) => void;
};

export const AUTH_STORAGE_KEY = 'auth';

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      userData: null,
      token: null,
      unreadNotifications: false,
      unreadCount: 0,
      logoutLoading: false,
      payment_status: null,
      signedInHere: false,
      sessionEnded: false,
      setUserData: (userData, token) =>
        set((state) => ({ userData, token: token ? token : state.token, signedInHere: token ? true : state.signedInHere, sessionEnded: false })),
      deleteUserData: () => set({ userData: null, token: null, unreadNotifications: false, unreadCount: 0, signedInHere: false, sessionEnded: false }),
      endSession: () => set({ userData: null, token: null, unreadNotifications: false, unreadCount: 0, signedInHere: false, sessionEnded: true }),
      setUnreadNotifications: (unreadNotifications) => set((state) => ({ unreadNotifications, unreadCount: unreadNotifications ? state.unreadCount : 0 })),
      setUnreadCount: (unreadCount) => set({ unreadCount, unreadNotifications: unreadCount > 0 }),
      setLogoutLoading: (logoutLoading) => set({ logoutLoading }),
      setPaymentStatus: (payment_status) => set({ payment_status }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // logoutLoading is about this page only; everything else survives a reload.
      partialize: ({ userData, token, unreadNotifications, unreadCount, payment_status }) => ({
        userData,
        token,
        unreadNotifications,
        unreadCount,
        payment_status,
      }),
      // Restored after mount (see useAuthHydrated) so server and client render alike.
      skipHydration: true,
    },
  ),
);

/** Signed in means the store holds user data. */
export function isSignedIn(userData: UserData | null): userData is UserData {
  return Boolean(userData && Object.keys(userData).length > 0);
}
