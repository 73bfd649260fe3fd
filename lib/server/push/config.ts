import 'server-only';
import { env } from '@/lib/server/env';
import { fcmConfigured, firebaseWebConfig } from '@/lib/server/firebase/config';
import { vapidKeys } from './vapid';

export type PushConfig = {
  vapid_public_key: string;
  fcm: { apiKey: string; authDomain: string; projectId: string; appId: string; messagingSenderId: string; vapidKey: string } | null;
};

export async function pushConfig(): Promise<PushConfig> {
  const { publicKey } = await vapidKeys();
  const web = firebaseWebConfig();
  const fcm =
    fcmConfigured() && web
      ? { ...web, messagingSenderId: env().FIREBASE_MESSAGING_SENDER_ID!, vapidKey: env().FIREBASE_VAPID_KEY! }
      : null;
  return { vapid_public_key: publicKey, fcm };
}
