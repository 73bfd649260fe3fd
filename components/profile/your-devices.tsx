'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { joinParts } from '@/lib/i18n/numbers';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { useFormats } from '@/lib/i18n/use-formats';
import {
  pushDevicesQueryKey,
  useEndSession,
  usePushDevices,
  useRemovePushDevice,
  useSessions,
} from '@/lib/auth/devices-api';
import type { AccountSession } from '@/lib/contract/accounts';
import { currentDeviceToken, PUSH_STATE_EVENT } from '@/lib/push/push-client';
import type { ListedPushDevice } from '@/lib/contract/notifications';
import { SignOutElsewhere } from './sign-out-elsewhere';

/** "Chrome on Android", or as much of it as the User-Agent told. */
function useDeviceName() {
  const t = useTranslations('Devices');
  return ({ browser, system }: { browser: string | null; system: string | null }) =>
    browser && system ? t('browserOnSystem', { browser, system }) : (browser ?? system ?? t('unknownDevice'));
}

function When({ label, iso }: { label: string; iso: string }) {
  const { moment } = useFormats();
  const locale = useLocale();
  const when = moment(iso, { time: true });
  return (
    <p className="text-sm text-muted">
      {label}{' '}
      <time dateTime={iso}>
        {joinParts(locale, when.hijri, when.gregorian)}
      </time>
    </p>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const t = useTranslations('Devices');
  const name = useDeviceName();
  const end = useEndSession();
  return (
    <li data-testid="session" className="flex flex-wrap items-start justify-between gap-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <div className="min-w-0">
        <p className="font-semibold">
          <bdi>{name(session)}</bdi>
          {session.current && <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{t('thisDevice')}</span>}
        </p>
        <When label={t('signedInAt')} iso={session.created_at} />
        <When label={t('lastUsedAt')} iso={session.last_used_at} />
        {end.isError && (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {t('signOutFailed')}
          </p>
        )}
      </div>
      {/* This device signs out from the account menu, like everywhere else. */}
      {!session.current && (
        <Button variant="secondary" isPending={end.isPending} onPress={() => end.mutate(session.id)} aria-label={t('signOutDevice', { device: name(session) })}>
          {t('signOut')}
        </Button>
      )}
    </li>
  );
}

const noSubscription = () => () => {};

function PushDeviceRow({ device }: { device: ListedPushDevice }) {
  const t = useTranslations('Devices');
  const name = useDeviceName();
  const remove = useRemovePushDevice();
  const isThisBrowser = useSyncExternalStore(noSubscription, () => currentDeviceToken() === device.token, () => false);
  return (
    <li data-testid="push-device" className="flex flex-wrap items-start justify-between gap-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <div className="min-w-0">
        <p className="font-semibold">
          <bdi>{name(device)}</bdi>
          {isThisBrowser && <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{t('thisDevice')}</span>}
        </p>
        <When label={t('pushSince')} iso={device.created_at} />
        {isThisBrowser && <p className="text-sm text-muted">{t('pushThisBrowser')}</p>}
        {remove.isError && (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {t('removeFailed')}
          </p>
        )}
      </div>
      {/* This browser's push is switched off with the switch above, which also unsubscribes it. */}
      {!isThisBrowser && (
        <Button variant="secondary" isPending={remove.isPending} onPress={() => remove.mutate(device.token)} aria-label={t('removeDevice', { device: name(device) })}>
          {t('remove')}
        </Button>
      )}
    </li>
  );
}

/**
 * Where the account is signed in and which browsers receive its push
 * messages; each other device can be signed out or removed, and "sign out
 * everywhere else" ends every other session at once.
 */
export function YourDevices() {
  const t = useTranslations('Devices');
  const sessions = useSessions();
  const devices = usePushDevices();
  const queryClient = useQueryClient();

  // The push switch above adds or removes this browser: show it at once.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: pushDevicesQueryKey });
    window.addEventListener(PUSH_STATE_EVENT, refresh);
    return () => window.removeEventListener(PUSH_STATE_EVENT, refresh);
  }, [queryClient]);

  return (
    <section aria-labelledby="devices-title" className="mt-6 flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="devices-title" className="text-lg font-bold">
        {t('title')}
      </h2>
      <h3 className="font-semibold">{t('sessionsTitle')}</h3>
      {sessions.isError && <p role="alert" className="text-sm text-red-700">{t('loadFailed')}</p>}
      {sessions.data && (
        <ul className="flex flex-col gap-4" aria-label={t('sessionsTitle')}>
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      <SignOutElsewhere />
      <h3 className="mt-2 font-semibold">{t('pushTitle')}</h3>
      {devices.isError && <p role="alert" className="text-sm text-red-700">{t('loadFailed')}</p>}
      {devices.data && devices.data.length === 0 && <p className="text-sm text-muted">{t('noPushDevices')}</p>}
      {devices.data && devices.data.length > 0 && (
        <ul className="flex flex-col gap-4" aria-label={t('pushTitle')}>
          {devices.data.map((device) => (
            <PushDeviceRow key={device.token} device={device} />
          ))}
        </ul>
      )}
    </section>
  );
}
