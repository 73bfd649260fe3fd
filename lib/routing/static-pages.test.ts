import { describe, expect, it } from 'vitest';
import { isStaticPage } from './static-pages';

describe('the prerendered public pages', () => {
  it('are home, FAQs, the static pages, sign-in and registration, in both languages', () => {
    for (const locale of ['en', 'ar']) {
      for (const path of ['', '/', '/faqs', '/static/about', '/static/about.html', '/auth/login', '/auth/register']) expect(isStaticPage(`/${locale}${path}`), path).toBe(true);
    }
  });

  it('are nothing personal or per request', () => {
    for (const path of ['/', '/fr', '/en/profile', '/en/profile/requests', '/en/auth/forgot-password', '/en/auth/reset-password', '/en/verify-email', '/en/notifications', '/en/check-payment', '/en/auth/login/x', '/en/faqs/x', '/en/static/a/b', '/en/nope', '/test-gateway/1']) {
      expect(isStaticPage(path), path).toBe(false);
    }
  });
});
