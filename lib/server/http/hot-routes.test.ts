import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestDatabase } from '@/test/database';
import { call } from '@/test/api';
import { newUser } from '@/test/accounts';
import { queueOpen } from '@/test/openings';
import * as queueRoute from '@/app/api/v1/openings/[service]/queue/route';
import * as requestTypesRoute from '@/app/api/v1/request-types/route';
import { API_CSP } from '@/lib/security/static-headers.mjs';
import { createFrontDoorServer } from './front-door-server.mjs';
import { answerHotRoutes, hotRouteFor } from './hot-routes';

// The opening queue's requests answered at the front door (hot-routes.ts) by the route's own handlers, through a
// real HTTP server made as scripts/server.mjs makes it; the listener stands for Next.js and records what reached it.

withTestDatabase();

let server: http.Server;
let base: string;
const reachedNext: string[] = [];
let pilgrim: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  answerHotRoutes();
  server = createFrontDoorServer((request, response) => {
    reachedNext.push(`${request.method} ${request.url}`);
    response.end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await queueOpen('umrah');
  pilgrim = await newUser('Maryam Siddiqui');
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Sent = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const asked = http.request(`${base}${path}`, { method, headers }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: text }));
    });
    asked.on('error', reject);
    asked.end(body);
  });
}

const bearer = () => ({ authorization: `Bearer ${pilgrim.token}`, 'accept-language': 'en' });

describe('the opening queue at the front door', () => {
  it('joins and reads a place with the route’s own answers, Next.js never reached', async () => {
    const joined = await send('POST', '/api/v1/openings/umrah/queue', bearer());
    expect(joined.status).toBe(201);
    // Before the opening, a place has no position yet: the draw gives it one (docs/OPENING.md).
    expect(JSON.parse(joined.body).data).toMatchObject({ service: 'umrah', state: 'waiting', position: null });
    const again = await send('POST', '/api/v1/openings/umrah/queue', bearer());
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body).data.joined_at).toBe(JSON.parse(joined.body).data.joined_at);

    const read = await send('GET', '/api/v1/openings/umrah/queue', bearer());
    expect(read.status).toBe(200);
    // The same answer as the route file's handler gives Next.js.
    const direct = await call(queueRoute.GET, { token: pilgrim.token, params: { service: 'umrah' }, path: '/api/v1/openings/umrah/queue' });
    expect(JSON.parse(read.body)).toEqual(direct.json);
    expect(reachedNext).toEqual([]);
  });

  it('carries the headers Next.js adds from next.config.mjs, and the route’s own', async () => {
    const read = await send('GET', '/api/v1/openings/umrah/queue?poll=1', bearer());
    expect(read.status).toBe(200);
    expect(read.headers['content-security-policy']).toBe(API_CSP);
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['x-frame-options']).toBe('DENY');
    expect(read.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(read.headers['cache-control']).toContain('private, no-store');
    expect(read.headers['content-type']).toBe('application/json');
    expect(read.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(read.headers['content-length'])).toBe(Buffer.byteLength(read.body));
  });

  it('answers errors as the route does: 401 without a session (clearing the cookie), 404 for a service that is none, localized', async () => {
    const anonymous = await send('GET', '/api/v1/openings/umrah/queue', { 'accept-language': 'ar' });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body).error.code).toBe('unauthenticated');
    expect(JSON.parse(anonymous.body).error.message).toMatch(/[\u0600-\u06ff]/);
    expect(String(anonymous.headers['set-cookie'])).toMatch(/^session=;/);
    const none = await send('GET', '/api/v1/openings/ramadan/queue', bearer());
    expect(none.status).toBe(404);
    expect(JSON.parse(none.body).error.code).toBe('not_found');
    // A change by cookie must come from the site's own pages, at the front door as behind it.
    const crossSite = await send('POST', '/api/v1/openings/umrah/queue', { cookie: `session=${pilgrim.token}`, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(reachedNext).toEqual([]);
  });

  it('leaves to Next.js what it does not take: a body, another method, another address', async () => {
    await send('POST', '/api/v1/openings/umrah/queue', { ...bearer(), 'content-type': 'application/json' }, '{"x":1}');
    await send('HEAD', '/api/v1/openings/umrah/queue', bearer());
    await send('GET', '/api/v1/openings/umrah/queue/', bearer());
    await send('GET', '/api/v1/openings/umrah', bearer());
    expect(reachedNext).toEqual(['POST /api/v1/openings/umrah/queue', 'HEAD /api/v1/openings/umrah/queue', 'GET /api/v1/openings/umrah/queue/', 'GET /api/v1/openings/umrah']);
  });

  it('leaves the place with DELETE', async () => {
    const left = await send('DELETE', '/api/v1/openings/umrah/queue', bearer());
    expect(left.status).toBe(200);
    expect(JSON.parse(left.body).data.state).not.toBe('waiting');
  });
});

describe('places left at the front door', () => {
  it('answers GET /api/v1/request-types as the route file does, never kept on the way, Next.js never reached', async () => {
    const reached = reachedNext.length;
    const read = await send('GET', '/api/v1/request-types', { 'accept-language': 'ar' });
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toContain('no-store');
    expect(read.headers['content-security-policy']).toBe(API_CSP);
    const direct = await call(requestTypesRoute.GET, { locale: 'ar', path: '/api/v1/request-types' });
    expect(JSON.parse(read.body)).toEqual(direct.json);
    expect(JSON.parse(read.body).data.map((type: { id: string }) => type.id)).toEqual(expect.arrayContaining(['hajj', 'umrah']));
    expect(reachedNext.length).toBe(reached);
  });
});

describe('hotRouteFor', () => {
  it('takes the queue’s three methods without a body, and decodes the service as Next.js does', () => {
    expect(hotRouteFor('GET', '/api/v1/openings/hajj/queue', {})?.params).toEqual({ service: 'hajj' });
    expect(hotRouteFor('DELETE', '/api/v1/openings/%68ajj/queue?x=1', { 'content-length': '0' })?.params).toEqual({ service: 'hajj' });
    expect(hotRouteFor('PUT', '/api/v1/openings/hajj/queue', {})).toBeNull();
    expect(hotRouteFor('POST', '/api/v1/openings/hajj/queue', { 'transfer-encoding': 'chunked' })).toBeNull();
    expect(hotRouteFor('GET', '/api/v1/openings/%E0%A4%A/queue', {})).toBeNull();
  });
});
