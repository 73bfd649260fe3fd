'use client';

import { ApiClientError, apiRequest } from '@/lib/api-client';
import { DEVICE_TOKEN_KEY } from '@/lib/auth/logout';
import { DEVICE_RENEW_AFTER_MS } from './schemas';
import type { PushConfig, PushDevice } from '@/lib/contract/notifications';

/** The errors DESIGN section 5 names, each with its own message (messages `Push.errors`). */
export type PushErrorCode = 'permission-blocked' | 'unsupported-browser' | 'token-subscribe-failed' | 'permission-dismissed';

export class PushSetupError extends Error {
  constructor(readonly code: PushErrorCode) {
    super(code);
  }
}

const RENEWED_AT_KEY = 'device_token_renewed_at';
/** Fired on window whenever push is switched on or off here (see use-push-state.ts). */
export const PUSH_STATE_EVENT = 'portal:push-state';

function changed() {
  window.dispatchEvent(new Event(PUSH_STATE_EVENT));
}
export const SERVICE_WORKER_URL = '/firebase-messaging-sw.js';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This browser's device token, when push is on here. */
export function currentDeviceToken(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(DEVICE_TOKEN_KEY);
}

export function pushEnabled(): boolean {
  return pushSupported() && Notification.permission === 'granted' && currentDeviceToken() !== null;
}

function remember(device: PushDevice) {
  localStorage.setItem(DEVICE_TOKEN_KEY, device.token);
  localStorage.setItem(RENEWED_AT_KEY, String(Date.now()));
  changed();
}

export function forgetDevice() {
  localStorage.removeItem(DEVICE_TOKEN_KEY);
  localStorage.removeItem(RENEWED_AT_KEY);
  changed();
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = (text + '='.repeat((4 - (text.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function registration() {
  const registered = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  return registered;
}

/**
 * POST /devices; null when the server answers 409: this browser's token is
 * still registered to another account that used it here without signing out
 * (the server never moves it). The caller then asks for a new token.
 */
async function registerDevice(body: Record<string, unknown>): Promise<PushDevice | null> {
  try {
    return (await apiRequest<{ data: PushDevice }>('/devices', { method: 'POST', body, objectMode: true })).data;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 409) return null;
    throw error;
  }
}

function registered(device: PushDevice | null): PushDevice {
  if (!device) throw new PushSetupError('token-subscribe-failed');
  return device;
}

/** A device for this browser: an FCM token when the office configured Firebase, a Web Push subscription otherwise. */
async function subscribe(config: PushConfig, worker: ServiceWorkerRegistration): Promise<PushDevice> {
  if (config.fcm) {
    // Loaded only here, when the user switches push on.
    const [{ initializeApp, getApps }, { deleteToken, getMessaging, getToken }] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
    const { vapidKey, ...options } = config.fcm;
    const messaging = getMessaging(getApps()[0] ?? initializeApp(options));
    const fcmDevice = async () => registerDevice({ provider: 'fcm', token: await getToken(messaging, { vapidKey, serviceWorkerRegistration: worker }) });
    const device = await fcmDevice();
    if (device) return device;
    await deleteToken(messaging);
    return registered(await fcmDevice());
  }
  const applicationServerKey = base64UrlToBytes(config.vapid_public_key);
  let subscription = await worker.pushManager.getSubscription();
  const sameKey = subscription?.options.applicationServerKey
    ? new Uint8Array(subscription.options.applicationServerKey).every((byte, i) => byte === applicationServerKey[i])
    : false;
  if (subscription && !sameKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const device = await registerDevice({ provider: 'webpush', subscription: subscription.toJSON() });
  if (device) return device;
  // Another account's subscription: a new one has a new endpoint, hence a new device.
  await subscription.unsubscribe();
  subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return registered(await registerDevice({ provider: 'webpush', subscription: subscription.toJSON() }));
}

/** Switches push on for this browser. Call it from a user's action: the permission prompt needs one. */
export async function enablePush(): Promise<void> {
  if (!pushSupported()) throw new PushSetupError('unsupported-browser');
  if (Notification.permission === 'denied') throw new PushSetupError('permission-blocked');
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('permission-blocked');
  if (permission !== 'granted') throw new PushSetupError('permission-dismissed');
  try {
    const config = (await apiRequest<{ data: PushConfig }>('/push/config')).data;
    remember(await subscribe(config, await registration()));
  } catch {
    throw new PushSetupError('token-subscribe-failed');
  }
}

/** Switches push off for this browser: the server forgets the device, the browser its subscription. */
export async function disablePush(): Promise<void> {
  const token = currentDeviceToken();
  if (token) await apiRequest(`/devices/${encodeURIComponent(token)}`, { method: 'DELETE' }).catch(() => undefined);
  forgetDevice();
  const worker = pushSupported() ? await navigator.serviceWorker.getRegistration('/') : undefined;
  const subscription = await worker?.pushManager.getSubscription();
  await subscription?.unsubscribe().catch(() => undefined);
}

/** Once a week (DESIGN section 5): PATCH the device, or make a new one when the subscription changed. */
export async function renewPushIfDue(): Promise<void> {
  const token = currentDeviceToken();
  if (!token || !pushSupported()) return;
  const renewedAt = Number(localStorage.getItem(RENEWED_AT_KEY) ?? 0);
  if (Date.now() - renewedAt < DEVICE_RENEW_AFTER_MS) return;
  try {
    if (Notification.permission !== 'granted') {
      await disablePush();
      return;
    }
    const worker = await navigator.serviceWorker.getRegistration('/');
    const subscription = await worker?.pushManager.getSubscription();
    if (token.startsWith('wp_') && subscription) {
      const renewed = await apiRequest<{ data: PushDevice }>(`/devices/${encodeURIComponent(token)}`, { method: 'PATCH', body: { subscription: subscription.toJSON() }, objectMode: true }).then(
        (result) => result.data,
        // 404: the server dropped the device (dead subscription); it is made again below.
        (error: unknown) => {
          if (error instanceof ApiClientError && error.status === 404) return null;
          throw error;
        },
      );
      if (renewed) {
        remember(renewed);
        return;
      }
    }
    // An FCM token, or a subscription the browser dropped: make the device again.
    await apiRequest(`/devices/${encodeURIComponent(token)}`, { method: 'DELETE' }).catch(() => undefined);
    const config = (await apiRequest<{ data: PushConfig }>('/push/config')).data;
    remember(await subscribe(config, await registration()));
  } catch {
    // Tried again at the next page load.
  }
}
