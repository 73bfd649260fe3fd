'use client';

import { API_BASE_URL, ApiClientError, type ApiErrorBody } from '@/lib/api-client';
import type { StaffRole } from './roles';

// The office console's API client: the staff cookie only (never the pilgrims'
// bearer token, which the console's API would not take anyway), JSON bodies,
// the page's language. A 401 means the staff session ended (12 hours, or 30
// minutes idle): back to the console's sign-in.

export type StaffMemberData = { id: string; email: string; name: string; role: StaffRole };

const locale = () => window.location.pathname.split('/')[1] || 'ar';

export async function officeRequest<T>(path: string, options: { method?: 'GET' | 'POST' | 'PATCH'; body?: Record<string, unknown>; signal?: AbortSignal } = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': locale() });
  if (options.body) headers.set('Content-Type', 'application/json');
  const response = await fetch(`${API_BASE_URL}/office${path}`, {
    method,
    headers,
    body: options.body ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
    credentials: 'same-origin',
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (response.status === 401 && !path.startsWith('/auth/')) {
    // A full page load: the console's frame (rendered on the server) must show who is signed in, or no one.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`/${locale()}/office/login`);
  }
  if (!response.ok) throw new ApiClientError(response.status, parsed as ApiErrorBody | null);
  return parsed as T;
}
