import 'server-only';
import { randomUUID } from 'node:crypto';

// A caller's id is kept when it is a plain token (a proxy's or a client's
// correlation id); anything else (too long, spaces, control characters that
// could forge log lines or headers) is replaced by a fresh one.
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(request: Request): string {
  const given = request.headers.get('x-request-id');
  return given && SANE_ID.test(given) ? given : randomUUID();
}

// Static segments of the API are lowercase words (auth, read-all, webhooks);
// anything else in a path (ids, references, device tokens, slugs) is a parameter
// and is not written to the log, so no token from a path ends up there.
const STATIC_SEGMENT = /^[a-z][a-z0-9-]{0,39}$/;
// A parameter that looks like a word (a device token, a page's slug, a gateway's name) is known by what comes before it.
const KNOWN_PARAMETER_AFTER = new Set(['devices', 'pages', 'webhooks/payments']);

/** The route's shape for the log: /api/v1/requests/:param/documents. */
export function routeOf(request: Request): string {
  const segments = new URL(request.url).pathname.split('/');
  return segments
    .map((segment, index) =>
      segment === '' ||
      (STATIC_SEGMENT.test(segment) && !KNOWN_PARAMETER_AFTER.has(segments[index - 1] ?? '') && !KNOWN_PARAMETER_AFTER.has(segments.slice(Math.max(0, index - 2), index).join('/')))
        ? segment
        : ':param',
    )
    .join('/');
}
