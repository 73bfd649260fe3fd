import { describe, expect, it } from 'vitest';
import { localizedPath, pathWithoutLocale } from './paths';

describe('localized paths for links', () => {
  it('prefixes the locale, the home page without a trailing slash', () => {
    expect(localizedPath('en', '/')).toBe('/en');
    expect(localizedPath('ar', '/faqs')).toBe('/ar/faqs');
    expect(localizedPath('en', '/auth/login?next=%2Fen%2Ffaqs')).toBe('/en/auth/login?next=%2Fen%2Ffaqs');
    expect(localizedPath('en', '/?tab=1')).toBe('/en?tab=1');
    expect(localizedPath('ar', '/#services')).toBe('/ar#services');
  });

  it('takes the locale off a path, leaving other paths as they are', () => {
    expect(pathWithoutLocale('/en/static/about')).toBe('/static/about');
    expect(pathWithoutLocale('/ar')).toBe('/');
    expect(pathWithoutLocale('/test-gateway/1')).toBe('/test-gateway/1');
  });
});
