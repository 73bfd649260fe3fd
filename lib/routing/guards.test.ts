import { describe, expect, it } from 'vitest';
import { getGuard, runGuards, splitLocale } from './guards';

const ALL = ['guest', 'auth'];

describe('route guards', () => {
  it('sends a signed-in visitor away from the sign-in screens', () => {
    expect(runGuards(ALL, { pathname: '/auth/login', hasSession: true })).toBe('home');
    expect(runGuards(ALL, { pathname: '/auth/register', hasSession: true })).toBe('home');
  });

  it('lets a signed-out visitor reach the sign-in screens', () => {
    expect(runGuards(ALL, { pathname: '/auth/login', hasSession: false })).toBeNull();
  });

  it('sends a signed-out visitor away from every profile page', () => {
    for (const pathname of ['/profile', '/profile/edit', '/profile/requests/create', '/profile/requests/details/x']) {
      expect(runGuards(ALL, { pathname, hasSession: false })).toBe('home');
    }
  });

  it('sends a signed-out visitor away from an opening’s queue, and lets a signed-in one in', () => {
    expect(runGuards(ALL, { pathname: '/openings/hajj', hasSession: false })).toBe('home');
    expect(runGuards(ALL, { pathname: '/openings/hajj', hasSession: true })).toBeNull();
  });

  it('lets a signed-in visitor into the profile area', () => {
    expect(runGuards(ALL, { pathname: '/profile/requests', hasSession: true })).toBeNull();
  });

  it('leaves public pages alone either way', () => {
    for (const hasSession of [true, false]) {
      for (const pathname of ['/', '/faqs', '/static/about', '/check-payment', '/notifications']) {
        expect(runGuards(ALL, { pathname, hasSession })).toBeNull();
      }
    }
  });

  it('matches whole path segments, not parts of words', () => {
    expect(runGuards(ALL, { pathname: '/static/authors', hasSession: true })).toBeNull();
    expect(runGuards(ALL, { pathname: '/static/profiles', hasSession: false })).toBeNull();
  });

  it('fails loudly for a guard that is not in the table', () => {
    expect(() => getGuard('admin')).toThrow('Unknown route middleware: admin');
    expect(() => runGuards(['guest', 'toString'], { pathname: '/', hasSession: false })).toThrow(
      'Unknown route middleware: toString',
    );
  });
});

describe('splitLocale', () => {
  it('separates a known locale prefix from the rest of the path', () => {
    expect(splitLocale('/ar/profile/requests', ['en', 'ar'])).toEqual({ locale: 'ar', rest: '/profile/requests' });
    expect(splitLocale('/en', ['en', 'ar'])).toEqual({ locale: 'en', rest: '/' });
  });

  it('answers null for a path without a known locale', () => {
    expect(splitLocale('/', ['en', 'ar'])).toBeNull();
    expect(splitLocale('/fr/profile', ['en', 'ar'])).toBeNull();
  });
});
