// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from './auth-store';
import { healSession, resetSessionHealForTests, sessionSettled } from './session-heal';

const user = { id: 'u1', name: 'Aisha', email: 'aisha@example.com' };
const initial = useAuthStore.getState();

function answer(status: number, body: unknown = null) {
  return vi.fn<typeof fetch>(async () => new Response(body === null ? null : JSON.stringify(body), { status }));
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'has_session=; Path=/; Max-Age=0';
  useAuthStore.setState(initial, true);
  resetSessionHealForTests();
});

describe('healing the session once per page load', () => {
  it('a cookie but an empty store: the user comes back from GET /me (the cookie), with no token needed', async () => {
    document.cookie = 'has_session=1; Path=/';
    const fetcher = answer(200, { data: user });
    await healSession('en', fetcher);
    expect(fetcher).toHaveBeenCalledOnce();
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe('/api/v1/me');
    expect(init).toMatchObject({ credentials: 'same-origin' });
    expect(new Headers(init!.headers).get('Accept-Language')).toBe('en');
    expect(useAuthStore.getState()).toMatchObject({ userData: user, token: null });
    expect(sessionSettled()).toBe(true);
  });

  it('a cookie whose session ended: the hint goes (the 401 cleared the cookie), the store stays signed out', async () => {
    document.cookie = 'has_session=1; Path=/';
    await healSession('ar', answer(401, { error: { code: 'unauthenticated' } }));
    expect(useAuthStore.getState().userData).toBeNull();
    expect(document.cookie).not.toContain('has_session=1');
  });

  it('a user in the store but no cookie: the store signs out, as the guards see it', async () => {
    // As restored from localStorage at this page load (not a sign-in here).
    useAuthStore.setState({ userData: user, token: 'token-1' });
    const fetcher = answer(200, { data: user });
    await healSession('en', fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ userData: null, token: null });
  });

  it('a user signed in on this very page load is kept though the hint has not caught up yet', async () => {
    useAuthStore.getState().setUserData(user, 'fresh-token');
    await healSession('en', answer(200, { data: user }));
    expect(useAuthStore.getState()).toMatchObject({ userData: user, token: 'fresh-token' });
  });

  it('agreeing already, or the server away: nothing changes, and it runs once per page load', async () => {
    document.cookie = 'has_session=1; Path=/';
    useAuthStore.getState().setUserData(user, 'token-1');
    const fetcher = answer(200, { data: user });
    await healSession('en', fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    expect(useAuthStore.getState().userData).toEqual(user);

    resetSessionHealForTests();
    useAuthStore.getState().deleteUserData();
    const away = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await healSession('en', away);
    await healSession('en', away);
    expect(away).toHaveBeenCalledOnce();
    expect(useAuthStore.getState().userData).toBeNull();
    expect(document.cookie).toContain('has_session=1');
    expect(sessionSettled()).toBe(true);
  });
});
