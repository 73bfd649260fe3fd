import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicSiteUrl } from './origin';

afterEach(() => vi.unstubAllEnvs());

describe('publicSiteUrl', () => {
  it('is APP_URL when set, without a trailing slash', () => {
    vi.stubEnv('APP_URL', 'https://portal.example.org/');
    expect(publicSiteUrl()).toBe('https://portal.example.org');
  });

  it('is this server on localhost otherwise', () => {
    vi.stubEnv('APP_URL', '');
    vi.stubEnv('PORT', '3300');
    expect(publicSiteUrl()).toBe('http://localhost:3300');
    vi.stubEnv('PORT', undefined);
    expect(publicSiteUrl()).toBe('http://localhost:3000');
  });
});
