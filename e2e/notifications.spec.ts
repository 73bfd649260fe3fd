import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { BASE_URL } from '../playwright.config';
import { paidAtCounter, requestAwaitingPayment, signUp } from './session';
import { IN_ARABIC } from './helpers';

type Messages = typeof en;

/** The service worker's global, as far as these tests use it (the DOM typings describe windows). */
type WorkerScope = {
  registration: ServiceWorkerRegistration;
  dispatchEvent: (event: Event) => boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
};

const MESSAGES = { en, ar: ar as Messages } as const;

/** How the badge writes a number: Arabic-Indic digits on Arabic pages. */
const count = (locale: 'en' | 'ar', n: number) => new Intl.NumberFormat(locale === 'ar' ? 'ar-SA-u-nu-arab' : 'en-US').format(n);

async function notificationsFromApi(context: BrowserContext, token: string, locale: string) {
  const response = await context.request.get('/api/v1/notifications', { headers: { authorization: `Bearer ${token}`, 'accept-language': locale } });
  return (await response.json()).data as { title: string; body: string; link: string; id: string }[];
}

/** The service worker's registration id, from Chromium's DevTools protocol. */
async function serviceWorkerRegistration(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((r) => r.scopeURL === `${BASE_URL}/` && !r.isDeleted);
      if (registration) resolve(registration.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await found };
}

for (const locale of IN_ARABIC) {
  const m = MESSAGES[locale];

  test.describe(`notifications (${locale})`, () => {
    test('a notification appears live when the office changes the status; the badge counts it; mark all read clears it', async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const { id, reference } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/notifications`);
      const items = page.getByTestId('notification');
      await expect(items).toHaveCount(2);
      const badge = page.getByTestId('unread-count');
      await expect(badge).toHaveText(count(locale, 2));

      // The fee is paid at the office's counter, recorded from another program: the open tab hears it at once.
      await paidAtCounter(context.request, token, id);
      await expect(items).toHaveCount(3);
      await expect(items.first()).toContainText(reference);
      // The whole fee at the counter: "Payment received", not a deposit's title (issue 57).
      await expect(items.first()).toContainText(locale === 'en' ? `Payment received for ${reference}` : `استلمنا الدفع للطلب ${reference}`);
      await expect(items.first()).toHaveAttribute('data-read', 'false');
      await expect(badge).toHaveText(count(locale, 3));
      await expect(page.getByRole('link', { name: new RegExp(m.Header.notifications) })).toHaveAccessibleName(
        `${m.Header.notifications}: ${locale === 'en' ? '3 unread notifications' : '٣ إشعارات غير مقروءة'}`,
      );

      await page.getByRole('button', { name: m.Notifications.markAllRead }).click();
      await expect(badge).toHaveCount(0);
      await expect(page.locator('[data-testid=notification][data-read=false]')).toHaveCount(0);
      await expect(page.getByRole('button', { name: m.Notifications.markAllRead })).toBeDisabled();
      await expect(page.getByText(m.Notifications.allRead).first()).toBeVisible();
    });

    test('opening a notification marks it read and shows its request', async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      const { id, reference } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/notifications`);
      const badge = page.getByTestId('unread-count');
      await expect(badge).toHaveText(count(locale, 2));
      await page.getByTestId('notification').first().getByRole('link').click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile/requests/details/${id}`);
      await expect(page.getByText(reference).first()).toBeVisible();
      await expect(badge).toHaveText(count(locale, 1));
      await page.goBack();
      await expect(page.getByTestId('notification').first()).toHaveAttribute('data-read', 'true');
      await expect(page.getByTestId('notification').nth(1)).toHaveAttribute('data-read', 'false');
    });

    test('a new account has only its welcome; with none at all the page says so', async ({ page, context }) => {
      const { token } = await signUp(context, page, locale);
      await page.goto(`/${locale}/notifications`);
      await expect(page.getByTestId('notification')).toHaveCount(1);
      await expect(page.getByTestId('notification')).toContainText(locale === 'en' ? 'Welcome, Aisha Rahman' : 'أهلًا بك يا Aisha Rahman');
      // Reading it leaves the list (read), and the badge goes.
      await page.getByRole('button', { name: m.Notifications.markAllRead }).click();
      await expect(page.getByTestId('unread-count')).toHaveCount(0);
      expect(token).toBeTruthy();
    });

    test('the service worker shows a pushed message in the user’s language, and a click opens the request', async ({ page, context }) => {
      await context.grantPermissions(['notifications'], { origin: BASE_URL });
      const { token } = await signUp(context, page, locale);
      const { id } = await requestAwaitingPayment(context.request, token);
      await page.goto(`/${locale}/profile`);
      // Switching push on registers the worker; the push service itself cannot be reached here
      // (Chromium's push needs Google's servers), so the subscription fails with its message.
      await page.getByText(m.Push.switchLabel, { exact: true }).click();
      await expect(page.getByTestId('push-error')).toHaveText(m.Push.errors['token-subscribe-failed']);
      await expect(page.getByRole('switch', { name: m.Push.switchLabel })).not.toBeChecked();

      // The worker must be active before a push can reach it.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      const { cdp, registrationId } = await serviceWorkerRegistration(context, page);
      const [latest] = await notificationsFromApi(context, token, locale);
      // The message exactly as the server sends it (lib/server/push/message.ts), once as Web Push, once wrapped by FCM.
      const message = { title: latest!.title, body: latest!.body, url: `/${locale}${latest!.link}`, tag: latest!.id, lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' };
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: BASE_URL, registrationId, data: JSON.stringify(message) });
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      const shown = () => worker.evaluate(async () => (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, dir: n.dir, lang: n.lang, url: n.data.url, icon: n.icon })));
      await expect.poll(shown).toEqual([
        { title: message.title, body: message.body, dir: message.dir, lang: locale, url: `/${locale}/profile/requests/details/${id}`, icon: `${BASE_URL}/icons/notification-192.png` },
      ]);
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: BASE_URL,
        registrationId,
        data: JSON.stringify({ data: { ...message, tag: 'fcm-1' }, from: '1234', priority: 'high' }),
      });
      await expect.poll(async () => (await shown()).length).toBe(2);

      // A click on the notification brings the open tab to the request.
      await worker.evaluate(async (tag) => {
        const worker = self as unknown as WorkerScope;
        const [notification] = await worker.registration.getNotifications({ tag });
        worker.dispatchEvent(new worker.NotificationEvent('notificationclick', { notification: notification! }));
      }, message.tag);
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/profile/requests/details/${id}`);
    });

    test('push: a blocked permission and an unsupported browser each say so, and nothing is asked on load', async ({ page, context }) => {
      let asked = false;
      await context.exposeFunction('__permissionAsked', () => (asked = true));
      await context.addInitScript(() => {
        const original = Notification.requestPermission.bind(Notification);
        Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
          (window as unknown as { __permissionAsked: () => void }).__permissionAsked();
          return original(...args);
        };
      });
      await signUp(context, page, locale);
      await page.goto(`/${locale}/profile`);
      await expect(page.getByRole('switch', { name: m.Push.switchLabel })).toBeVisible();
      expect(asked).toBe(false);
      // Headless Chromium answers the prompt with "denied", as a user who blocks notifications.
      await page.getByText(m.Push.switchLabel, { exact: true }).click();
      await expect(page.getByTestId('push-error')).toHaveText(m.Push.errors['permission-blocked']);
      expect(asked).toBe(true);

      const other = await context.newPage();
      await other.addInitScript(() => {
        delete (window as unknown as { PushManager?: unknown }).PushManager;
      });
      await other.goto(`/${locale}/profile`);
      await other.getByText(m.Push.switchLabel, { exact: true }).click();
      await expect(other.getByTestId('push-error')).toHaveText(m.Push.errors['unsupported-browser']);
    });
  });
}
