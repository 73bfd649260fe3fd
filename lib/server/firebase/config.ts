import 'server-only';
import type { FirebaseClientConfig } from '@/lib/auth/google-sign-in';
import { env } from '@/lib/server/env';

/** The Firebase web app settings a browser needs (public by design). */
export type FirebaseWebConfig = {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  messagingSenderId?: string;
};

/** Null when Firebase is not configured: Google sign-in is then hidden. */
export function firebaseWebConfig(): FirebaseWebConfig | null {
  const e = env();
  if (!e.FIREBASE_API_KEY || !e.FIREBASE_AUTH_DOMAIN || !e.FIREBASE_PROJECT_ID || !e.FIREBASE_APP_ID) return null;
  return {
    apiKey: e.FIREBASE_API_KEY,
    authDomain: e.FIREBASE_AUTH_DOMAIN,
    projectId: e.FIREBASE_PROJECT_ID,
    appId: e.FIREBASE_APP_ID,
    ...(e.FIREBASE_MESSAGING_SENDER_ID ? { messagingSenderId: e.FIREBASE_MESSAGING_SENDER_ID } : {}),
  };
}

/** FCM is used for push only when the web app, its sender id and VAPID key, and a service account are all set. */
export function fcmConfigured(): boolean {
  const e = env();
  return Boolean(firebaseWebConfig() && e.FIREBASE_MESSAGING_SENDER_ID && e.FIREBASE_VAPID_KEY && e.FIREBASE_SERVICE_ACCOUNT_JSON);
}

/**
 * What the Google sign-in button needs, read when the page renders: the
 * sign-in pages are rendered at their first visit and again every few minutes
 * (their `revalidate`), so a change of settings needs no rebuild.
 */
export async function googleSignInConfig(): Promise<FirebaseClientConfig | null> {
  const config = firebaseWebConfig();
  if (!config) return null;
  return { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId, appId: config.appId };
}
