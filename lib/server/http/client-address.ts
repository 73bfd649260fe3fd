import 'server-only';
import { isIPv6 } from 'node:net';
import { env } from '@/lib/server/env';
import { SOCKET_ADDRESS_HEADER } from './socket-address';

/**
 * The client's address for rate limits. With no trusted proxy (TRUST_PROXY_HOPS
 * 0, the default) it is the socket's peer, which a client cannot choose
 * (socket-address.ts), and X-Forwarded-For is ignored. Behind TRUST_PROXY_HOPS
 * reverse proxies, each of which appends the address it saw, it is that many
 * entries from the end of X-Forwarded-For: entries further left were written
 * by the client and prove nothing.
 */
export function clientAddress(request: Request): string {
  const hops = env().TRUST_PROXY_HOPS;
  if (hops === 0) return limitKey(request.headers.get(SOCKET_ADDRESS_HEADER) ?? '');
  const entries = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // With no header, `next start` has put the socket address there (one entry).
  return limitKey(entries[Math.max(0, entries.length - hops)] ?? '');
}

/**
 * One key per client: an IPv4 address as it is (also when written as
 * IPv4-mapped IPv6), an IPv6 address by its /64, since one subscriber holds a
 * whole /64 and could otherwise take a fresh address for every attempt.
 */
export function limitKey(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase();
  if (!plain) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!isIPv6(plain)) return plain;
  const [head = '', tail] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A dotted IPv4 tail fills two groups.
  const rightGroups = right.length + (right.at(-1)?.includes('.') ? 1 : 0);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - rightGroups).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
