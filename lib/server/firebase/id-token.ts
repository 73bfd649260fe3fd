import 'server-only';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';

/**
 * Verifies Firebase ID tokens as Firebase documents for third-party JWT
 * libraries (firebase.google.com/docs/auth/admin/verify-id-tokens): RS256,
 * signed by one of Google's keys named by `kid`, `exp` in the future, `iat`
 * and `auth_time` in the past, `aud` the project id, `iss`
 * https://securetoken.google.com/<project id>, `sub` (the uid) non-empty.
 * Nothing the browser says about the user is trusted: only these claims.
 */

/** Clock skew allowed between Google's clock and ours. */
export const CLOCK_TOLERANCE_SECONDS = 60;

/** The verified facts the portal uses from a Google sign-in. */
export type GoogleIdentity = {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  signInProvider: string | null;
};

/** The token is not one we accept (forged, expired, for another project...): the caller answers 422. */
export class InvalidIdTokenError extends Error {
  constructor(readonly reason: string) {
    super(`invalid Firebase ID token: ${reason}`);
    this.name = 'InvalidIdTokenError';
  }
}

type KeySet = ReturnType<typeof createRemoteJWKSet>;
// One resolver per URL for the life of the process: jose keeps the fetched keys
// (10 minutes) and refetches at most every 30 s when an unknown kid shows up.
const keySets = new Map<string, KeySet>();

function keySet(url: string): KeySet {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    keySets.set(url, set);
  }
  return set;
}

/** Forgets the cached key sets (tests that serve a new key set on the same URL). */
export function resetKeySetsForTests() {
  keySets.clear();
}

// jose's failures that mean "this token is not acceptable". Anything else (Google's
// keys unreachable, a timeout) is our problem, not the token's, and is rethrown.
const TOKEN_FAULTS = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
];

function numericClaim(payload: JWTPayload, name: string): number {
  const value = payload[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidIdTokenError(`${name} missing`);
  return value;
}

export async function verifyFirebaseIdToken(
  idToken: string,
  { projectId, jwksUrl, now = new Date() }: { projectId: string; jwksUrl: string; now?: Date },
): Promise<GoogleIdentity> {
  const keys = keySet(jwksUrl);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(
      idToken,
      // Without a kid, a key set of one key would still match: Firebase always names its key.
      (header, token) => {
        if (typeof header.kid !== 'string' || header.kid === '') throw new InvalidIdTokenError('kid missing');
        return keys(header, token);
      },
      {
        algorithms: ['RS256'],
        issuer: `https://securetoken.google.com/${projectId}`,
        audience: projectId,
        requiredClaims: ['exp', 'iat', 'sub'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: now,
      },
    ));
  } catch (error) {
    if (error instanceof InvalidIdTokenError) throw error;
    if (TOKEN_FAULTS.some((fault) => error instanceof fault)) throw new InvalidIdTokenError((error as Error).message);
    throw error;
  }

  const nowSeconds = Math.floor(now.getTime() / 1000);
  // jose checks iat only against a maximum age; Firebase also wants it, and auth_time, in the past.
  if (numericClaim(payload, 'iat') > nowSeconds + CLOCK_TOLERANCE_SECONDS) throw new InvalidIdTokenError('iat in the future');
  if (numericClaim(payload, 'auth_time') > nowSeconds + CLOCK_TOLERANCE_SECONDS) throw new InvalidIdTokenError('auth_time in the future');
  if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 128) throw new InvalidIdTokenError('sub invalid');
  if (typeof payload.email !== 'string' || payload.email === '') throw new InvalidIdTokenError('email missing');

  const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined;
  return {
    uid: payload.sub,
    email: payload.email,
    emailVerified: payload.email_verified === true,
    name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : null,
    signInProvider: typeof firebase?.sign_in_provider === 'string' ? firebase.sign_in_provider : null,
  };
}
