import 'server-only';
import type { NotificationItem } from '@/lib/contract/notifications';

/**
 * What a push message carries to the service worker: the text already in the
 * user's language and the page to open. Web Push sends it as the JSON body;
 * FCM as the `data` of a data-only message (its values must be strings).
 */
export type PushMessage = { title: string; body: string; url: string; tag: string; lang: string; dir: 'ltr' | 'rtl' };

export function pushMessageFor(item: NotificationItem, locale: 'en' | 'ar'): PushMessage {
  return {
    title: item.title,
    body: item.body,
    url: `/${locale}${item.link}`,
    tag: item.id,
    lang: locale,
    dir: locale === 'ar' ? 'rtl' : 'ltr',
  };
}

/** sent: accepted by the push service; gone: the subscription is dead; skip: nothing to send; retry: try later. */
export type SendResult = 'sent' | 'gone' | 'skip' | { retry: string };
