import 'server-only';

/** `{"data": ..., "meta"?: ...}` */
export function ok(data: unknown, init: { status?: number; meta?: Record<string, unknown>; headers?: HeadersInit } = {}) {
  const body = init.meta ? { data, meta: init.meta } : { data };
  return Response.json(body, { status: init.status ?? 200, headers: init.headers });
}

export function noContent(headers?: HeadersInit) {
  return new Response(null, { status: 204, headers });
}
