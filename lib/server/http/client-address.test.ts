import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/lib/server/env';
import { clientAddress, limitKey } from './client-address';
import { SOCKET_ADDRESS_HEADER } from './socket-address';

function request(headers: Record<string, string>) {
  return new Request('http://portal.test/api/v1/auth/login', { method: 'POST', headers });
}

afterEach(() => {
  delete process.env.TRUST_PROXY_HOPS;
  resetEnvForTests();
});

describe('clientAddress', () => {
  it('without trusted proxies is the socket address and ignores X-Forwarded-For', () => {
    expect(clientAddress(request({ [SOCKET_ADDRESS_HEADER]: '192.0.2.1', 'x-forwarded-for': '203.0.113.5' }))).toBe('192.0.2.1');
    expect(clientAddress(request({ 'x-forwarded-for': '203.0.113.5' }))).toBe('unknown');
  });

  it('behind TRUST_PROXY_HOPS proxies is that many entries from the end of X-Forwarded-For', () => {
    process.env.TRUST_PROXY_HOPS = '2';
    resetEnvForTests();
    const forwarded = { [SOCKET_ADDRESS_HEADER]: '10.0.0.2', 'x-forwarded-for': '203.0.113.5, 192.0.2.1, 10.0.0.1' };
    expect(clientAddress(request(forwarded))).toBe('192.0.2.1');
  });
});

describe('limitKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and keys IPv6 by its /64', () => {
    expect(limitKey('192.0.2.1')).toBe('192.0.2.1');
    expect(limitKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(limitKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
    expect(limitKey('')).toBe('unknown');
  });
});
