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
};

/** Calls a route handler with a real Request, as Next.js would. */
export async function call(handler: Handler, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  if (options.locale) headers.set('accept-language', options.locale);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  if (options.cookie) headers.set('cookie', options.cookie);
  if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', '203.0.113.7');
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
  const json = text ? (JSON.parse(text) as Record<string, any>) : null; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { status: response.status, headers: response.headers, json };
}
