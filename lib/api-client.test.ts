// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://portal.test/en/profile"}
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError, apiRequest, configureApiClient } from './api-client';
import { logout } from './auth/logout';
import { showSessionEndHere } from '@/lib/auth/session-end-here';
import { useAuthStore } from './auth/auth-store';

const API = 'http://portal.test/api/v1';
const server = setupServer();
const navigate = vi.fn();
const assign = vi.fn();
let seen: Request | null = null;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  seen = null;
  navigate.mockReset();
  assign.mockReset();
  configureApiClient({ navigate, assign, locale: () => 'ar' });
  useAuthStore.setState({ userData: null, token: null, logoutLoading: false });
});
afterEach(() => server.resetHandlers());

/** Answers `answer` and remembers the request. */
function respond(method: 'get' | 'post' | 'patch' | 'delete', path: string, answer: () => Response) {
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      seen = request.clone();
      return answer();
    }),
  );
}

describe('headers', () => {
  it('sends Accept, Accept-Language and, with a token, Authorization', async () => {
    useAuthStore.setState({ token: 'tok-123' });
    respond('get', '/me', () => HttpResponse.json({ data: { id: 'u1' } }));
    await expect(apiRequest('/me')).resolves.toEqual({ data: { id: 'u1' } });
    expect(seen!.headers.get('accept')).toBe('application/json');
    expect(seen!.headers.get('accept-language')).toBe('ar');
    expect(seen!.headers.get('authorization')).toBe('Bearer tok-123');
  });

  it('sends no Authorization without a token, and no body with GET', async () => {
    respond('get', '/request-types', () => HttpResponse.json({ data: [] }));
    await apiRequest('/request-types', { body: { ignored: 'yes' } });
    expect(seen!.headers.has('authorization')).toBe(false);
    expect(await seen!.text()).toBe('');
  });
});

describe('bodies', () => {
  it('sends FormData by default, without empty and null values', async () => {
    respond('post', '/auth/register', () => HttpResponse.json({ data: {}, token: 't' }, { status: 201 }));
    await apiRequest('/auth/register', { method: 'POST', body: { name: 'Aisha', phone: '', note: null, nothing: undefined, age: 0, tags: ['a', '', 'b'] } });
    expect(seen!.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    const form = await seen!.formData();
    expect([...form.keys()].sort()).toEqual(['age', 'name', 'tags', 'tags']);
    expect(form.get('name')).toBe('Aisha');
    expect(form.get('age')).toBe('0');
    expect(form.getAll('tags')).toEqual(['a', 'b']);
  });

  it('sends JSON in object mode, without empty and null values at any depth', async () => {
    respond('patch', '/me', () => HttpResponse.json({ data: {} }));
    await apiRequest('/me', { method: 'PATCH', objectMode: true, body: { name: 'Aisha', phone: '', locale: null, nested: { a: '', b: 1, c: null }, list: ['', 'x'] } });
    expect(seen!.headers.get('content-type')).toBe('application/json');
    expect(await seen!.json()).toEqual({ name: 'Aisha', nested: { b: 1 }, list: ['x'] });
  });
});

describe('errors', () => {
  it('on 401 clears the token and user data, goes to the localized home, and still rejects', async () => {
    useAuthStore.setState({ token: 'expired', userData: { id: 'u1', name: 'A', email: 'a@x.io' } });
    respond('get', '/me', () => HttpResponse.json({ error: { code: 'unauthenticated', message: 'Please sign in' } }, { status: 401 }));
    const failure = apiRequest('/me');
    await expect(failure).rejects.toBeInstanceOf(ApiClientError);
    await expect(failure).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(useAuthStore.getState()).toMatchObject({ token: null, userData: null });
    expect(navigate).toHaveBeenCalledWith('/ar');
  });

  it('on 401 on a page that says so itself (a page of the account) stays there, marks the session ended, and still rejects', async () => {
    useAuthStore.setState({ token: 'ended', userData: { id: 'u1', name: 'A', email: 'a@x.io' } });
    respond('patch', '/requests/r1', () => HttpResponse.json({ error: { code: 'unauthenticated', message: 'Please sign in' } }, { status: 401 }));
    const release = showSessionEndHere();
    try {
      await expect(apiRequest('/requests/r1', { method: 'PATCH', body: {} })).rejects.toMatchObject({ status: 401 });
      expect(useAuthStore.getState()).toMatchObject({ token: null, userData: null, sessionEnded: true });
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      release();
    }
    // Released (the page left): the next 401 goes home again.
    await apiRequest('/requests/r1', { method: 'PATCH', body: {} }).catch(() => undefined);
    expect(navigate).toHaveBeenCalledWith('/ar');
  });

  it('passes other errors through unchanged, with their fields', async () => {
    useAuthStore.setState({ token: 'tok', userData: { id: 'u1', name: 'A', email: 'a@x.io' } });
    const body = { error: { code: 'validation_failed', message: 'Check', fields: { email: ['Taken'] } } };
    respond('post', '/auth/register', () => HttpResponse.json(body, { status: 422 }));
    const error = (await apiRequest('/auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiClientError;
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error.status).toBe(422);
    expect(error.body).toEqual(body);
    expect(error.fields).toEqual({ email: ['Taken'] });
    expect(useAuthStore.getState().token).toBe('tok');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('redirects', () => {
  it('an absolute URL is a full page load', async () => {
    respond('post', '/requests/r1/payments', () => HttpResponse.json({ data: { id: 'p1' }, redirect: 'https://checkout.example/pay/p1' }));
    await apiRequest('/requests/r1/payments', { method: 'POST', body: {} });
    expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/p1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a path is an in-app navigation', async () => {
    respond('post', '/requests/r1/submit', () => HttpResponse.json({ data: {}, redirect: '/ar/profile/requests' }));
    await apiRequest('/requests/r1/submit', { method: 'POST', body: {} });
    expect(navigate).toHaveBeenCalledWith('/ar/profile/requests');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  it('sends the device token, clears the store and goes home; logoutLoading is set meanwhile', async () => {
    localStorage.setItem('device_token', 'device-abc');
    useAuthStore.setState({ token: 'tok', userData: { id: 'u1', name: 'A', email: 'a@x.io' } });
    let loadingDuringCall = false;
    respond('post', '/auth/logout', () => {
      loadingDuringCall = useAuthStore.getState().logoutLoading;
      return new HttpResponse(null, { status: 204 });
    });
    const goHome = vi.fn();
    await logout(goHome);
    expect(loadingDuringCall).toBe(true);
    expect((await seen!.formData()).get('device_token')).toBe('device-abc');
    expect(useAuthStore.getState()).toMatchObject({ token: null, userData: null, logoutLoading: false });
    expect(goHome).toHaveBeenCalledOnce();
    localStorage.removeItem('device_token');
  });

  it('on failure changes nothing, silently', async () => {
    const userData = { id: 'u1', name: 'A', email: 'a@x.io' };
    useAuthStore.setState({ token: 'tok', userData });
    respond('post', '/auth/logout', () => HttpResponse.json({ error: { code: 'server_error', message: 'x' } }, { status: 500 }));
    const goHome = vi.fn();
    await expect(logout(goHome)).resolves.toBeUndefined();
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok', userData, logoutLoading: false });
    expect(goHome).not.toHaveBeenCalled();
  });
});
