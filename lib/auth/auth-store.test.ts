// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, isSignedIn, useAuthStore } from './auth-store';

const user = { id: 'u1', name: 'Aisha', email: 'aisha@example.com' };
const initial = useAuthStore.getState();

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState(initial, true);
});

describe('the auth store', () => {
  it('starts signed out', () => {
    const state = useAuthStore.getState();
    expect(state.userData).toBeNull();
    expect(state.token).toBeNull();
    expect(state.unreadNotifications).toBe(false);
    expect(state.logoutLoading).toBe(false);
    expect(state.payment_status).toBeNull();
    expect(isSignedIn(state.userData)).toBe(false);
  });

  it('setting user data with a token stores both; without one keeps the token', () => {
    useAuthStore.getState().setUserData(user, 'token-1');
    expect(useAuthStore.getState()).toMatchObject({ userData: user, token: 'token-1' });
    useAuthStore.getState().setUserData({ ...user, name: 'Aisha R.' });
    expect(useAuthStore.getState()).toMatchObject({ userData: { name: 'Aisha R.' }, token: 'token-1' });
    expect(isSignedIn(useAuthStore.getState().userData)).toBe(true);
  });

  it('deleting clears the user data and the token', () => {
    useAuthStore.getState().setUserData(user, 'token-1');
    useAuthStore.getState().deleteUserData();
    expect(useAuthStore.getState()).toMatchObject({ userData: null, token: null });
  });

  it('empty user data does not count as signed in', () => {
    expect(isSignedIn({} as never)).toBe(false);
  });

  it('persists to localStorage, without logoutLoading, and is restored on start', async () => {
    useAuthStore.getState().setUserData(user, 'token-1');
    useAuthStore.getState().setUnreadCount(3);
    useAuthStore.getState().setPaymentStatus('paid');
    useAuthStore.getState().setLogoutLoading(true);
    const saved = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!).state;
    expect(saved).toEqual({ userData: user, token: 'token-1', unreadNotifications: true, unreadCount: 3, payment_status: 'paid' });

    // A new page: the memory is empty, localStorage still holds the session.
    const stored = localStorage.getItem(AUTH_STORAGE_KEY)!;
    useAuthStore.setState(initial, true);
    expect(useAuthStore.getState().userData).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEY, stored);
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ userData: user, token: 'token-1', unreadNotifications: true, unreadCount: 3, payment_status: 'paid', logoutLoading: false });
  });

  it('the unread count drives unreadNotifications, and signing out clears both', () => {
    const store = useAuthStore.getState();
    store.setUserData(user, 'token-1');
    store.setUnreadCount(2);
    expect(useAuthStore.getState()).toMatchObject({ unreadNotifications: true, unreadCount: 2 });
    useAuthStore.getState().setUnreadCount(0);
    expect(useAuthStore.getState()).toMatchObject({ unreadNotifications: false, unreadCount: 0 });
    useAuthStore.getState().setUnreadCount(5);
    useAuthStore.getState().setUnreadNotifications(false);
    expect(useAuthStore.getState()).toMatchObject({ unreadNotifications: false, unreadCount: 0 });
    useAuthStore.getState().setUnreadCount(1);
    useAuthStore.getState().deleteUserData();
    expect(useAuthStore.getState()).toMatchObject({ userData: null, token: null, unreadNotifications: false, unreadCount: 0 });
  });
});
