import { createFrontDoorServer } from './front-door-server.mjs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_ADDRESS_HEADER, stampSocketAddresses } from './socket-address';

// A real HTTP server, as scripts/server.mjs makes one: what reaches the request
// listener is what Next.js would hand to a route handler.
let server: http.Server;
let port: number;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  stampSocketAddresses();
  server = createFrontDoorServer((request, response) => {
    seen.push(request.headers);
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('stampSocketAddresses', () => {
  it('gives every request the address of its socket, whatever the client claims', async () => {
    await fetch(`http://127.0.0.1:${port}/`, { headers: { [SOCKET_ADDRESS_HEADER]: '203.0.113.9', 'x-forwarded-for': '203.0.113.10' } });
    await fetch(`http://127.0.0.1:${port}/`);
    expect(seen.map((headers) => headers[SOCKET_ADDRESS_HEADER])).toEqual(['127.0.0.1', '127.0.0.1']);
    // X-Forwarded-For is left to the proxies that TRUST_PROXY_HOPS trusts.
    expect(seen[0]!['x-forwarded-for']).toBe('203.0.113.10');
  });

  it('installs itself once, however often it is called', async () => {
    stampSocketAddresses();
    stampSocketAddresses();
    const before = seen.length;
    await fetch(`http://127.0.0.1:${port}/`);
    expect(seen.length).toBe(before + 1);
    expect(seen.at(-1)![SOCKET_ADDRESS_HEADER]).toBe('127.0.0.1');
  });
});
