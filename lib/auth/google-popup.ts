import { initializeApp, getApps, type FirebaseApp } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  inMemoryPersistence,
  initializeAuth,
  signInWithPopup,
  signOut,
  type Auth,
} from 'firebase/auth';
import type { FirebaseClientConfig } from './google-sign-in';

// The Firebase SDK, imported only by the Google button's click handler (a
// separate chunk, so the sign-in pages do not carry it).

const APP_NAME = 'google-sign-in';
let auth: Auth | undefined;

function firebaseAuth(config: FirebaseClientConfig): Auth {
  if (auth) return auth;
  const app: FirebaseApp = getApps().find((candidate) => candidate.name === APP_NAME) ?? initializeApp(config, APP_NAME);
  // In memory only: the portal's own session is the sign-in; Firebase is just the
  // way to a verified Google identity, forgotten once its ID token is handed over.
  auth = initializeAuth(app, { persistence: inMemoryPersistence, popupRedirectResolver: browserPopupRedirectResolver });
  return auth;
}

/**
 * Opens Google's sign-in in a popup (Firebase opens it at 500x600, centred) and
 * answers the Firebase ID token for the server to verify. Rejects with Firebase's
 * errors (auth/popup-blocked, auth/network-request-failed, ...).
 */
export async function googleIdToken(config: FirebaseClientConfig, languageCode: string): Promise<string> {
  const instance = firebaseAuth(config);
  instance.languageCode = languageCode;
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  const result = await signInWithPopup(instance, provider);
  try {
    return await result.user.getIdToken();
  } finally {
    await signOut(instance).catch(() => undefined);
  }
}
