/*
 * The portal's service worker (scope /). It only shows push messages and
 * opens the page they lead to; it caches nothing.
 *
 * Messages come as JSON, either straight from Web Push ({title, body, url,
 * tag, lang, dir}) or from Firebase Cloud Messaging, which wraps the same
 * fields in `data` (and may add `notification`). The server writes the text
 * in the user's language, so nothing is translated here.
 */

const ICON = '/icons/notification-192.png';
const BADGE = '/icons/badge-96.png';
// Shown only when a message arrives without any text (should not happen).
const FALLBACK = {
  ar: { title: 'لبيك لخدمات الحجاج', body: 'لديك إشعار جديد.' },
  en: { title: 'Labbaik Pilgrim Services', body: 'You have a new notification.' },
};

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The fields of a push message, from Web Push or FCM. */
function readMessage(data) {
  let raw = {};
  if (data) {
    try {
      raw = data.json();
    } catch {
      raw = { body: data.text() };
    }
  }
  const fields = raw && typeof raw.data === 'object' && raw.data !== null ? { ...(raw.notification || {}), ...raw.data } : raw || {};
  const lang = fields.lang === 'en' ? 'en' : 'ar';
  const link = fields.url || (raw.fcmOptions && raw.fcmOptions.link) || `/${lang}/notifications`;
  return {
    title: fields.title || FALLBACK[lang].title,
    body: fields.body || FALLBACK[lang].body,
    url: new URL(link, self.location.origin).origin === self.location.origin ? link : `/${lang}/notifications`,
    tag: fields.tag || undefined,
    lang,
    dir: fields.dir === 'ltr' || fields.dir === 'rtl' ? fields.dir : lang === 'ar' ? 'rtl' : 'ltr',
  };
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: ICON,
      badge: BADGE,
      tag: message.tag,
      lang: message.lang,
      dir: message.dir,
      data: { url: message.url },
    }),
  );
});

/** Brings a tab of the portal to the page: the one already showing it, any other portal tab, or a new one. */
async function openPage(url) {
  const target = new URL(url, self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = tabs.find((tab) => tab.url === target);
  if (showing) return showing.focus();
  for (const tab of tabs) {
    if (new URL(tab.url).origin !== self.location.origin || !('navigate' in tab)) continue;
    try {
      const navigated = await tab.navigate(target);
      if (navigated) return navigated.focus().catch(() => navigated);
    } catch {
      // A tab this worker does not control cannot be navigated: try the next, or open one.
    }
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(openPage(url));
});
