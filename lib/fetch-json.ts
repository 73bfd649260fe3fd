// The one way the browser calls the API: the pilgrims' client (lib/api-client.ts)
// and the console's (lib/office/office-client.ts) build on it, each adding only
// what is its own (credentials, body encoding, what a 401 means, redirects).
// No store and no framework here: a page that calls the API pays for this file alone.

export const API_BASE_URL = process.env.NEXT_PUBLIC_API_BASE_URL ?? '/api/v1';

/** The error envelope as a client reads it: any part may be missing (a proxy's 502 page is not JSON). */
export type ApiErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string[]> } };

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.error?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiClientError';
  }
  get code() {
    return this.body?.error?.code;
  }
  get fields() {
    return this.body?.error?.fields ?? {};
  }
}

export type JsonAnswer<T> = { status: number; body: T };

/**
 * Sends a request with Accept and Accept-Language (the page's `locale`) and
 * reads the answer as JSON: an empty or unreadable body is null. A status that
 * is not a success throws an ApiClientError carrying the body.
 */
export async function fetchJson<T = unknown>(
  url: string,
  { locale, fetcher = fetch, ...init }: RequestInit & { locale: string; /** The page's fetch, or a test's. */ fetcher?: typeof fetch },
): Promise<JsonAnswer<T>> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', locale);
  const response = await fetcher(url, { ...init, headers, credentials: 'same-origin' });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) throw new ApiClientError(response.status, body as ApiErrorBody | null);
  return { status: response.status, body: body as T };
}
