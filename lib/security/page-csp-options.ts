// What the pages' CSP takes from the environment, read per answer like the
// Google button itself (no rebuild to switch it on). Shared by proxy.ts
// (pages rendered per request) and static-page-csp.ts (prerendered pages).

/** Firebase's auth domain when Google sign-in is configured (its sign-in iframe lives there), else null. */
export function firebaseAuthDomain(): string | null {
  return process.env.FIREBASE_API_KEY && process.env.FIREBASE_PROJECT_ID && process.env.FIREBASE_APP_ID ? (process.env.FIREBASE_AUTH_DOMAIN ?? null) : null;
}

export const isDevelopment = () => process.env.NODE_ENV === 'development';
