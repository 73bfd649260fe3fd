type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

/** Posts multipart form data (with files) to a route handler. */
export async function upload(handler: Handler, fields: Record<string, string | File>, options: { token?: string; params?: Record<string, string>; locale?: string } = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': options.locale ?? 'en' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request = new Request('http://portal.test/api/v1/upload', { method: 'POST', headers, body: form });
  const response = await handler(request, { params: Promise.resolve((options.params ?? {}) as never) });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}
