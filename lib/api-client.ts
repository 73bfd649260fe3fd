'use client';

import { useAuthStore } from '@/lib/auth/auth-store';
import { API_BASE_URL, ApiClientError, fetchJson } from '@/lib/fetch-json';
import { sessionEndIsShownHere } from '@/lib/auth/session-end-here';

// The API client of DESIGN section 5, on the one fetch core (lib/fetch-json.ts,
// which adds Accept and Accept-Language and reads the answer). The caller picks
// the method; this client adds the bearer token, sends FormData (or JSON in
// object mode) without empty values, and handles 401 and redirects.

// What callers take from here, made once in the core.
export { API_BASE_URL, ApiClientError, type ApiErrorBody } from '@/lib/fetch-json';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequestOptions = {
  method?: HttpMethod;
  body?: Record<string, unknown>;
  /** Send the body as JSON instead of FormData. */
  objectMode?: boolean;
  /** In object mode, keep empty strings: a PATCH where "" clears a field and a field left out stays. */
  keepEmpty?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

type Navigation = {
  /** An in-app navigation to a path of this site. */
  navigate: (path: string) => void;
  /** A full page load (another site, e.g. a payment gateway). */
  assign: (url: string) => void;
  /** The locale of the page, for Accept-Language and the localized home. */
  locale: () => string;
};

const navigation: Navigation = {
  navigate: (path) => window.location.assign(path),
  assign: (url) => window.location.assign(url),
  locale: () => window.location.pathname.split('/')[1] || 'ar',
};

/** The app's router hands its navigation to the client (components/providers.tsx). */
export function configureApiClient(next: Partial<Navigation>) {
  Object.assign(navigation, next);
}

function isEmpty(value: unknown) {
  return value === null || value === undefined || value === '';
}

/** Drops empty strings, null and undefined, at every depth of a JSON body. */
export function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => !isEmpty(item)).map(withoutEmpty);
  if (value && typeof value === 'object' && !(value instanceof Blob) && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => !isEmpty(item))
        .map(([key, item]) => [key, withoutEmpty(item)]),
    );
  }
  return value;
}

export function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (isEmpty(item)) continue;
      if (item instanceof Blob) form.append(key, item);
      else if (typeof item === 'object') form.append(key, JSON.stringify(item));
      else form.append(key, String(item));
    }
  }
  return form;
}

function isAbsoluteUrl(url: string) {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(url);
}

/**
 * Follows a redirect the server asks for with a `redirect` field in its answer
 * (fetch itself follows HTTP 3xx between API addresses): an absolute URL (a
 * payment gateway, say) → full page load; a path → in-app navigation.
 */
function followRedirect(target: string) {
  if (isAbsoluteUrl(target)) navigation.assign(target);
  else navigation.navigate(target);
}

export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers(options.headers);
  const token = useAuthStore.getState().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (method !== 'GET' && options.body) {
    if (options.objectMode) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.keepEmpty ? options.body : withoutEmpty(options.body));
    } else {
      body = toFormData(options.body);
    }
  }

  const { body: parsed } = await fetchJson<T>(`${API_BASE_URL}${path}`, { method, headers, body, signal: options.signal, locale: navigation.locale() }).catch((error: unknown) => {
    if (error instanceof ApiClientError && error.status === 401) {
      // The session is gone: forget it, and still fail the call. A page of the account says so itself and offers
      // signing in back to this very address (SignedInGate, with the form's answers kept); any other goes home.
      useAuthStore.getState().endSession();
      if (!sessionEndIsShownHere()) navigation.navigate(`/${navigation.locale()}`);
    }
    throw error;
  });

  const redirect = parsed && typeof parsed === 'object' ? (parsed as { redirect?: unknown }).redirect : undefined;
  if (typeof redirect === 'string' && redirect) followRedirect(redirect);
  return parsed;
}
