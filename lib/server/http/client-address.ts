import 'server-only';
import { env } from '@/lib/server/env';

/**
 * The client's address for rate limits. `next start` puts the socket address in
 * X-Forwarded-For when the header is absent (a client can forge it then, so
 * production runs behind a proxy); behind TRUST_PROXY_HOPS reverse proxies, the
 * address is that many entries from the end of the header.
 */
export function clientAddress(request: Request): string {
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // Each trusted proxy appends the address it saw; the last one's entry is the client
  // (or, with none, the entry Next itself added).
  const index = Math.max(0, hops.length - Math.max(1, env().TRUST_PROXY_HOPS));
  return hops[index] ?? 'unknown';
}
