import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { firebaseIdToken, newTestKey, serveKeySet, TEST_PROJECT_ID, type KeyServer, type TestKey } from '@/test/firebase-tokens';
import { InvalidIdTokenError, resetKeySetsForTests, verifyFirebaseIdToken } from './id-token';

let google: TestKey;
let stranger: TestKey;
let server: KeyServer;

beforeAll(async () => {
  google = await newTestKey('google-key-1');
  stranger = await newTestKey('stranger-key');
  server = await serveKeySet([google, await newTestKey('google-key-2')]);
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => resetKeySetsForTests());

const verify = (token: string, projectId = TEST_PROJECT_ID) => verifyFirebaseIdToken(token, { projectId, jwksUrl: server.url });

async function rejected(token: string | Promise<string>) {
  const error = await verify(await token).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidIdTokenError);
  return error as InvalidIdTokenError;
}

describe('verifyFirebaseIdToken', () => {
  it('accepts a token signed by a key of the set, for the project, and answers its claims', async () => {
    const token = await firebaseIdToken({ key: google, email: 'Aisha@Example.com', uid: 'uid-42', name: 'Aisha Rahman' });
    await expect(verify(token)).resolves.toEqual({
      uid: 'uid-42',
      email: 'Aisha@Example.com',
      emailVerified: true,
      name: 'Aisha Rahman',
      signInProvider: 'google.com',
    });
  });

  it('fetches the key set once over HTTP and then keeps it', async () => {
    const before = server.requests();
    await verify(await firebaseIdToken({ key: google }));
    await verify(await firebaseIdToken({ key: google, uid: 'another' }));
    expect(server.requests() - before).toBe(1);
  });

  it('reports an unverified e-mail address as such (sign-in refuses it)', async () => {
    const identity = await verify(await firebaseIdToken({ key: google, emailVerified: false }));
    expect(identity.emailVerified).toBe(false);
  });

  it('refuses an expired token, but allows a minute of clock skew', async () => {
    await rejected(firebaseIdToken({ key: google, issuedAt: -3700, authTime: -3700, expiresIn: 3600 }));
    await expect(verify(await firebaseIdToken({ key: google, issuedAt: -3630, authTime: -3630, expiresIn: 3600 }))).resolves.toBeTruthy();
  });

  it('refuses a token issued, or a sign-in made, in the future', async () => {
    await rejected(firebaseIdToken({ key: google, issuedAt: 300 }));
    expect((await rejected(firebaseIdToken({ key: google, authTime: 300 }))).reason).toBe('auth_time in the future');
    await rejected(firebaseIdToken({ key: google, claims: { auth_time: undefined } }));
  });

  it('refuses a token for another project: wrong audience, wrong issuer', async () => {
    await rejected(firebaseIdToken({ key: google, audience: 'someone-elses-project' }));
    await rejected(firebaseIdToken({ key: google, issuer: 'https://securetoken.google.com/someone-elses-project' }));
    await rejected(firebaseIdToken({ key: google, issuer: 'https://accounts.google.com' }));
    // A token that is right for its own project is still wrong for ours.
    await rejected(firebaseIdToken({ key: google, projectId: 'someone-elses-project' }));
  });

  it('refuses a bad signature: another key claiming a kid of the set, or a tampered payload', async () => {
    await rejected(firebaseIdToken({ key: stranger, kid: google.kid }));
    const [header, , signature] = (await firebaseIdToken({ key: google })).split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'admin', aud: TEST_PROJECT_ID })).toString('base64url');
    await rejected(`${header}.${payload}.${signature}`);
  });

  it('refuses a token without a kid, or with a kid that is not in the set', async () => {
    expect((await rejected(firebaseIdToken({ key: google, kid: null }))).reason).toBe('kid missing');
    await rejected(firebaseIdToken({ key: stranger }));
  });

  it('refuses another algorithm, an empty subject and garbage', async () => {
    const hs256 = await new SignJWT({ email: 'a@example.com', auth_time: 1 })
      .setProtectedHeader({ alg: 'HS256', kid: google.kid })
      .setIssuer(`https://securetoken.google.com/${TEST_PROJECT_ID}`)
      .setAudience(TEST_PROJECT_ID)
      .setSubject('uid')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a shared secret that is long enough'));
    await rejected(hs256);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${(await firebaseIdToken({ key: google })).split('.')[1]}.`;
    await rejected(unsigned);
    await rejected(firebaseIdToken({ key: google, uid: '' }));
    await rejected('not-a-token');
    await rejected(firebaseIdToken({ key: google, claims: { email: undefined } }));
  });

  it('when Google\'s keys cannot be fetched, fails as a server problem, not as a bad token', async () => {
    const token = await firebaseIdToken({ key: google });
    const error = await verifyFirebaseIdToken(token, { projectId: TEST_PROJECT_ID, jwksUrl: 'http://127.0.0.1:9/jwks.json' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(InvalidIdTokenError);
  });
});
