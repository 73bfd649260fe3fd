'use client';

import { API_BASE_URL, ApiClientError, fetchJson } from '@/lib/fetch-json';

// The office console's API client, on the one fetch core (lib/fetch-json.ts):
// the staff cookie only (never the pilgrims' bearer token, which the console's
// API would not take anyway), JSON bodies, the page's language. A 401 means the
// staff session ended (12 hours, or 30 minutes idle): back to the console's sign-in.

const locale = () => window.location.pathname.split('/')[1] || 'ar';

export async function officeRequest<T>(path: string, options: { method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: Record<string, unknown>; signal?: AbortSignal } = {}): Promise<T> {
  const answer = await fetchJson<T>(`${API_BASE_URL}/office${path}`, {
    method: options.method ?? 'GET',
    headers: options.body ? { 'Content-Type': 'application/json' } : undefined,
    body: options.body ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
    locale: locale(),
  }).catch((error: unknown) => {
    if (error instanceof ApiClientError && error.status === 401 && !path.startsWith('/auth/')) {
      // A full page load: the console's frame (rendered on the server) must show who is signed in, or no one.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`/${locale()}/office/login`);
    }
    throw error;
  });
  return answer.body;
}
