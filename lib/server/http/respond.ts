import 'server-only';

/**
 * Below this, a JSON answer goes as it is (`Cache-Control: no-transform`, which Next.js's compression and proxies
 * honour): gzip would save a kilobyte or two, and on the minute a season opens the queue's thousands of reads every
 * few seconds paid for it in the server's thread (docs/PERFORMANCE.md). Larger answers (lists, the API's document) are
 * still compressed.
 */
export const UNCOMPRESSED_BELOW_BYTES = 4096;

const NO_TRANSFORM = /(^|,)\s*no-transform\s*(,|$)/i;

/** A Cache-Control value that also says `no-transform` (once). */
export function withNoTransform(given: string | null): string {
  if (!given) return 'no-transform';
  return NO_TRANSFORM.test(given) ? given : `${given}, no-transform`;
}

/** `{"data": ..., "meta"?: ...}` */
export function ok(data: unknown, init: { status?: number; meta?: Record<string, unknown>; headers?: HeadersInit } = {}) {
  const body = JSON.stringify(init.meta ? { data, meta: init.meta } : { data });
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  // Characters, not bytes: Arabic text counts less than it weighs, which errs towards compressing.
  if (body.length < UNCOMPRESSED_BELOW_BYTES) headers.set('Cache-Control', withNoTransform(headers.get('Cache-Control')));
  return new Response(body, { status: init.status ?? 200, headers });
}

export function noContent(headers?: HeadersInit) {
  return new Response(null, { status: 204, headers });
}
