import { describe, expect, it } from 'vitest';
import { alternatesFor, PUBLIC_PAGES } from './page-metadata';

describe('alternatesFor', () => {
  it("names the page's canonical URL and its version in each language, x-default unprefixed", () => {
    expect(alternatesFor('ar', '/faqs')).toEqual({
      canonical: '/ar/faqs',
      languages: { en: '/en/faqs', ar: '/ar/faqs', 'x-default': '/faqs' },
    });
  });

  it('points x-default of the home page at /', () => {
    expect(alternatesFor('en', '')).toEqual({ canonical: '/en', languages: { en: '/en', ar: '/ar', 'x-default': '/' } });
  });
});

describe('PUBLIC_PAGES', () => {
  it('are the pages a visitor reads without an account', () => {
    expect(PUBLIC_PAGES).toEqual(['', '/faqs', '/static/about', '/static/terms', '/static/privacy', '/static/contact', '/auth/login', '/auth/register']);
  });
});
