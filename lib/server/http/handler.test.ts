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
});
