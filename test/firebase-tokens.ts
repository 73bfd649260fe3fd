import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/**
 * A stand-in for Google's securetoken key set: RSA keys made for the test, the
 * public half served as a JWK set over real HTTP on loopback, and Firebase-shaped
 * ID tokens signed with the private half.
 */
export type TestKey = { kid: string; privateKey: CryptoKey; publicJwk: Record<string, unknown> };

export async function newTestKey(kid: string): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicJwk };
}

export type KeyServer = { url: string; requests: () => number; close: () => Promise<void> };

/** Serves `{"keys": [...]}` on 127.0.0.1 at a free port. */
export async function serveKeySet(keys: TestKey[]): Promise<KeyServer> {
  let count = 0;
  const server: Server = createServer((request, response) => {
    count += 1;
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    response.end(JSON.stringify({ keys: keys.map((key) => key.publicJwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/jwks.json`,
    requests: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const TEST_PROJECT_ID = 'portal-test';

export type TokenOptions = {
  key: TestKey;
  /** The kid written in the header: the key's own by default, `null` for none. */
  kid?: string | null;
  projectId?: string;
  issuer?: string;
  audience?: string;
  /** Seconds from now. */
  issuedAt?: number;
  expiresIn?: number;
  authTime?: number;
  claims?: JWTPayload;
};

/** A Firebase ID token for a Google sign-in, valid unless the options say otherwise. */
export async function firebaseIdToken(options: TokenOptions & { email?: string; uid?: string; name?: string; emailVerified?: boolean }) {
  const now = Math.floor(Date.now() / 1000);
  const projectId = options.projectId ?? TEST_PROJECT_ID;
  const iat = now + (options.issuedAt ?? -10);
  const kid = options.kid === undefined ? options.key.kid : options.kid;
  const header = kid === null ? { alg: 'RS256', typ: 'JWT' } : { alg: 'RS256', typ: 'JWT', kid };
  return new SignJWT({
    name: options.name ?? 'Aisha Rahman',
    email: options.email ?? 'aisha@example.com',
    email_verified: options.emailVerified ?? true,
    auth_time: now + (options.authTime ?? -20),
    firebase: { sign_in_provider: 'google.com', identities: { 'google.com': ['1234567890'], email: [options.email ?? 'aisha@example.com'] } },
    ...options.claims,
  })
    .setProtectedHeader(header)
    .setIssuer(options.issuer ?? `https://securetoken.google.com/${projectId}`)
    .setAudience(options.audience ?? projectId)
    // One Google user per address unless told otherwise, as Google itself has it.
    .setSubject(options.uid ?? `google-uid-${(options.email ?? 'aisha@example.com').toLowerCase()}`)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.expiresIn ?? 3600))
    .sign(options.key.privateKey);
}
