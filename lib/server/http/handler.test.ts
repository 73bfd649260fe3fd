import { describe, expect, it } from 'vitest';
import { captureLogs } from '@/test/logs';
import { ApiError } from './errors';
import { route } from './handler';

const logs = captureLogs();
const context = { params: Promise.resolve({} as never) };

describe('route()', () => {
  it('answers an unexpected failure with a 500 that leaks nothing, and logs it with the request id', async () => {
    const handler = route(async () => {
      throw new Error('connection to db-primary.internal:5432 refused for user admin');
    });
    const response = await handler(
      new Request('http://portal.test/api/v1/x', { headers: { 'accept-language': 'en', 'x-request-id': 'req-1234abcd' } }),
      context,
    );
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe('req-1234abcd');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'server_error', message: 'Something went wrong on our side. Please try again in a moment.' },
    });
    expect(text).not.toContain('db-primary');
    const [failure, summary] = logs.entries();
    expect(failure).toMatchObject({ level: 'error', msg: 'unhandled error in route handler', request_id: 'req-1234abcd', method: 'GET', error: 'Error' });
    // The error's name only: its message may hold hosts, users or a query's parameters.
    expect(logs.lines.join('\n')).not.toContain('db-primary');
    expect(summary).toMatchObject({ level: 'info', msg: 'request', request_id: 'req-1234abcd', status: 500, route: '/api/v1/x' });
  });

  it('logs one line per request: method, route shape (no ids or tokens), status, duration, request id', async () => {
    const handler = route(async () => {
      throw new ApiError('not_found');
    });
    const response = await handler(
      new Request('http://portal.test/api/v1/devices/fcm:APA91bSecretToken/read?x=1', { method: 'DELETE' }),
      context,
    );
    expect(response.status).toBe(404);
    const generated = response.headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.lines).toHaveLength(1);
    const [entry] = logs.entries();
    expect(entry).toEqual({
      time: expect.any(String),
      level: 'info',
      msg: 'request',
      request_id: generated,
      method: 'DELETE',
      route: '/api/v1/devices/:param/read',
      status: 404,
      duration_ms: expect.any(Number),
    });
    expect(logs.lines[0]).not.toContain('APA91b');
  });

  it('replaces a request id that is not a plain token', async () => {
    const handler = route(async () => new Response(null, { status: 204 }));
    for (const given of ['short', 'x'.repeat(200), 'abc defghij', 'abcdefgh\r\nSet-Cookie: a=b', '{"level":"error"}']) {
      const headers = new Headers();
      try {
        headers.set('x-request-id', given);
      } catch {
        continue; // a header value the platform itself refuses (CR/LF)
      }
      const response = await handler(new Request('http://portal.test/api/v1/x', { headers }), context);
      expect(response.headers.get('x-request-id')).not.toBe(given);
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it.each([
    ['en', 'The service is briefly unavailable. Please try again in a few seconds.'],
    ['ar', 'الخدمة غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.'],
  ])('answers a database that cannot be reached with a 503 and Retry-After (%s)', async (locale, message) => {
    const handler = route(async () => {
      // What drizzle throws when PostgreSQL refuses the connection.
      throw Object.assign(new Error('Failed query: select * from users'), {
        cause: Object.assign(new Error('connect ECONNREFUSED db-primary.internal:5432'), { code: 'ECONNREFUSED' }),
      });
    });
    const response = await handler(new Request('http://portal.test/api/v1/x', { headers: { 'accept-language': locale } }), {
      params: Promise.resolve({} as never),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'service_unavailable', message } });
    expect(text).not.toContain('db-primary');
    // Logged as a warning with the driver's code, never its message (it names hosts and users).
    expect(logs.entries()).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'database unavailable', code: 'ECONNREFUSED' }));
    expect(logs.lines.join('\n')).not.toContain('db-primary');
  });
});
