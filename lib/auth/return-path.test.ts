import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

const origin = 'https://portal.example';
const go = (next: string | null | undefined, locale = 'en') => returnPath(next, { origin, locale });

describe('returnPath (where sign-in leads)', () => {
  it('honours a page of this site under a locale, with its query and fragment', () => {
    expect(go('/ar/profile/requests')).toBe('/ar/profile/requests');
    expect(go('/en')).toBe('/en');
    expect(go('/en/')).toBe('/en/');
    expect(go('/en/faqs?x=1#passport-validity')).toBe('/en/faqs?x=1#passport-validity');
    expect(go('/en/profile/requests/drafts/complete?id=abc&step=applicant')).toBe('/en/profile/requests/drafts/complete?id=abc&step=applicant');
    // The same origin written out in full is still this site.
    expect(go('https://portal.example/ar/notifications')).toBe('/ar/notifications');
    // Dot segments are resolved before the check.
    expect(go('/en/faqs/../profile')).toBe('/en/profile');
    // Relative to the site's root, as the browser resolves it.
    expect(go('en/faqs')).toBe('/en/faqs');
  });

  it.each([
    // The reported one: the tab is dropped by the URL parser, leaving //evil.example.
    ['/\t/evil.example/phish'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['\t//evil.example'],
    ['//evil.example'],
    ['///evil.example'],
    ['////evil.example/en'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['\\/evil.example'],
    ['/\\/evil.example/en'],
    ['https://evil.example/en'],
    ['http://portal.example/en'],
    ['https://portal.example.evil.example/en'],
    ['https://portal.example@evil.example/en'],
    ['//portal.example@evil.example/en'],
    ['https:evil.example/en'],
    ['https:/evil.example/en'],
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(document.cookie)'],
    ['java\tscript:alert(1)'],
    [' javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['mailto:a@evil.example'],
    ['blob:https://evil.example/x'],
  ])('refuses another site or scheme: %j', (next) => {
    expect(go(next)).toBe('/en');
    expect(go(next, 'ar')).toBe('/ar');
  });

  it.each([
    // Encoded slashes stay encoded: a path of this site, but not under a locale.
    ['%2F%2Fevil.example'],
    ['/%2F%2Fevil.example'],
    ['/%2fevil.example/en'],
    ['%5C%5Cevil.example'],
    ['/%09/evil.example'],
    // No locale, or not one of ours.
    ['/'],
    ['/profile'],
    ['/faqs'],
    ['/fr/faqs'],
    ['/EN/faqs'],
    ['/english'],
    ['/enx/faqs'],
    ['/api/v1/me'],
    ['/_next/static/x.js'],
    ['/en/../evil'],
    ['evil.example'],
    ['?next=/en'],
    ['#/en'],
    [''],
    [null],
    [undefined],
    [`/en/${'a'.repeat(3000)}`],
  ])('sends anything not under a locale to the localized home: %j', (next) => {
    expect(go(next)).toBe('/en');
    expect(go(next, 'ar')).toBe('/ar');
  });

  it('never answers something a browser would read as another host', () => {
    for (const next of ['/\t/evil.example', '/en//evil.example', '/ar/\\evil.example']) {
      const path = go(next);
      expect(path.startsWith('//')).toBe(false);
      expect(new URL(path, origin).origin).toBe(origin);
    }
  });
});
