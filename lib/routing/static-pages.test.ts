import { describe, expect, it } from 'vitest';
import { isStaticPage, isStaticPageAddress } from './static-pages';

describe('the prerendered public pages', () => {
  it('are home, FAQs, the static pages, sign-in and registration, in both languages', () => {
    for (const locale of ['en', 'ar']) {
      for (const path of ['', '/', '/faqs', '/static/about', '/static/terms/', '/static/privacy', '/static/contact', '/auth/login', '/auth/register']) expect(isStaticPage(`/${locale}${path}`), path).toBe(true);
    }
  });

  it('are nothing personal or per request', () => {
    for (const path of ['/', '/fr', '/en/profile', '/en/profile/requests', '/en/auth/forgot-password', '/en/auth/reset-password', '/en/verify-email', '/en/notifications', '/en/check-payment', '/en/auth/login/x', '/en/faqs/x', '/en/static/a/b', '/en/nope', '/test-gateway/1']) {
      expect(isStaticPage(path), path).toBe(false);
    }
  });

  // An unknown slug is the per-request catch-all's 404, under a nonce, never kept (security issue, item 2).
  it('hold only the known static pages, in the two languages', () => {
    for (const path of ['/en/static/refund-policy', '/ar/static/about.html', '/en/static/About', '/xx/static/about', '/fonts/static/about', '/en/static/']) {
      expect(isStaticPage(path), path).toBe(false);
    }
    expect(isStaticPageAddress('/en/static/refund-policy')).toBe(true);
    expect(isStaticPageAddress('/ar/static/about')).toBe(true);
    expect(isStaticPageAddress('/en/static/a/b')).toBe(false);
    expect(isStaticPageAddress('/en/no/such/page')).toBe(false);
  });
});
