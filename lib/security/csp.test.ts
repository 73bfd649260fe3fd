import { describe, expect, it } from 'vitest';
import { API_CSP, newNonce, pageCsp } from './csp';
import { staticSecurityHeaders } from './static-headers.mjs';

const directive = (csp: string, name: string) => new RegExp(`(?:^|; )${name} ([^;]+)`).exec(csp)?.[1] ?? null;

describe('the pages’ CSP', () => {
  it('runs only scripts with the nonce (and what they load): no inline, no eval', () => {
    const csp = pageCsp({ nonce: 'abc' });
    expect(directive(csp, 'script-src')).toBe("'nonce-abc' 'strict-dynamic'");
    expect(directive(csp, 'style-src')).toBe("'self' 'nonce-abc'");
    expect(directive(csp, 'connect-src')).toBe("'self'");
    expect(directive(csp, 'frame-src')).toBe("'none'");
    expect(directive(csp, 'frame-ancestors')).toBe("'none'");
    expect(directive(csp, 'object-src')).toBe("'none'");
  });

  it('allows eval only for next dev, and Firebase only when it is configured', () => {
    expect(directive(pageCsp({ nonce: 'n', development: true }), 'script-src')).toContain("'unsafe-eval'");
    const withFirebase = pageCsp({ nonce: 'n', firebaseAuthDomain: 'portal.firebaseapp.com' });
    expect(directive(withFirebase, 'frame-src')).toBe('https://portal.firebaseapp.com');
    expect(directive(withFirebase, 'connect-src')).toContain('https://identitytoolkit.googleapis.com');
    expect(directive(withFirebase, 'script-src')).not.toContain('unsafe');
  });

  it('runs a prerendered page’s inline scripts by their hashes and its files from this server: never unsafe-inline', () => {
    const csp = pageCsp({ scriptHashes: ['aGFzaDE=', 'aGFzaDI='] });
    expect(directive(csp, 'script-src')).toBe("'self' 'sha256-aGFzaDE=' 'sha256-aGFzaDI='");
    expect(directive(pageCsp({}), 'script-src')).toBe("'self'");
    // react-aria adds its two <style> elements without a nonce there.
    expect(directive(csp, 'style-src')).toBe("'self' 'unsafe-inline'");
    expect(directive(pageCsp({ scriptHashes: [], firebaseAuthDomain: 'p.firebaseapp.com' }), 'script-src')).toBe("'self' https://apis.google.com");
  });

  it('makes a new 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

describe('the static headers', () => {
  it('send HSTS from production builds only', () => {
    const keys = (production: boolean) => staticSecurityHeaders({ production }).map((h) => h.key);
    expect(keys(true)).toContain('Strict-Transport-Security');
    expect(keys(false)).not.toContain('Strict-Transport-Security');
    expect(keys(false)).toEqual(expect.arrayContaining(['X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options', 'Permissions-Policy']));
  });

  it('lock the API answers down completely', () => {
    expect(API_CSP).toContain("default-src 'none'");
    expect(API_CSP).toContain("frame-ancestors 'none'");
  });
});
