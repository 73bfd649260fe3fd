import { SOCKET_ADDRESS_HEADER } from '@/lib/server/http/socket-address';
import { expectResponseDocumented } from './openapi-response';

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  body?: unknown;
  /** How to send the body: JSON (default), multipart form data or url-encoded. */
  as?: 'json' | 'form' | 'urlencoded' | 'raw';
  token?: string;
  cookie?: string;
  locale?: 'en' | 'ar';
  headers?: Record<string, string>;
  params?: Record<string, string>;
  path?: string;
  /**
   * The client's address as the server's socket sees it (the header
   * lib/server/http/socket-address.ts stamps on every request); a fresh
   * address for each call unless given, as if every call came from elsewhere.
   */
  address?: string;
};

// The next of the 131,072 addresses of 198.18.0.0/15, from a random start per test file: a counter, not a fresh
// random pick per call, so that two calls of one file never share an address (with random picks they could, and a
// limit test's "address that has not failed" would then be one that had).
let nextAddress = Math.floor(Math.random() * 2 ** 17);

/** A made-up client address (198.18.0.0/15, for tests), different on every call. */
export function someAddress(): string {
  const n = nextAddress++ % 2 ** 17;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** Calls a route handler with a real Request, as Next.js would. */
export async function call(handler: Handler, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  if (options.locale) headers.set('accept-language', options.locale);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  if (options.cookie) headers.set('cookie', options.cookie);
  if (options.address || !headers.has(SOCKET_ADDRESS_HEADER)) headers.set(SOCKET_ADDRESS_HEADER, options.address ?? someAddress());
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    const as = options.as ?? 'json';
    if (as === 'raw') body = options.body as BodyInit;
    else if (as === 'json') {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.body);
    } else {
      const entries = Object.entries(options.body as Record<string, string>);
      if (as === 'urlencoded') body = new URLSearchParams(entries);
      else {
        const form = new FormData();
        for (const [key, value] of entries) form.append(key, value);
        body = form;
      }
    }
  }
  const request = new Request(`http://portal.test${options.path ?? '/api/v1/test'}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve((options.params ?? {}) as never) });
  const text = await response.text();
  // JSON answers only: a page or a file (the API reference, a receipt) has no JSON to read.
  const json = text && response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Record<string, any>) : null; // eslint-disable-line @typescript-eslint/no-explicit-any
  // The answer is the one the API's document promises (issue 22): its status, and its body's shape.
  await expectResponseDocumented(handler, response.status, response.headers.get('content-type'), json);
  return { status: response.status, headers: response.headers, json, text };
}
