import { describe, expect, it, vi } from 'vitest';
import { route } from './handler';

describe('route()', () => {
  it('answers an unexpected failure with a 500 that leaks nothing', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = route(async () => {
      throw new Error('connection to db-primary.internal:5432 refused for user admin');
    });
    const response = await handler(new Request('http://portal.test/api/v1/x', { headers: { 'accept-language': 'en' } }), {
      params: Promise.resolve({} as never),
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'server_error', message: 'Something went wrong on our side. Please try again in a moment.' },
    });
    expect(text).not.toContain('db-primary');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it.each([
    ['en', 'The service is briefly unavailable. Please try again in a few seconds.'],
    ['ar', 'الخدمة غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.'],
  ])('answers a database that cannot be reached with a 503 and Retry-After (%s)', async (locale, message) => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
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
    expect(spy.mock.calls.map((call) => String(call[0])).join('\n')).not.toContain('db-primary');
    spy.mockRestore();
  });
});
