'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { enablePush, PushSetupError, type PushErrorCode } from '@/lib/push/push-client';
import { PUSH_OFFER_DISMISSED_KEY, usePushState } from '@/lib/push/use-push-state';

/**
 * After a request is sent: an offer to switch browser notifications on. The
 * browser's permission prompt appears only if the user accepts. Not shown
 * when push is on already, blocked, unsupported, or the offer was declined.
 */
export function PushOffer() {
  const t = useTranslations('Push');
  const push = usePushState();
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PushErrorCode | null>(null);
  const [done, setDone] = useState(false);

  // Once accepted, it stays to say so; otherwise it shows only while push could still be switched on.
  const offered = push.supported && push.permission !== 'denied' && !push.enabled && !push.dismissed && !dismissed;
  if (!offered && !done && !error) return null;

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      await enablePush();
      setDone(true);
    } catch (failure) {
      setError(failure instanceof PushSetupError ? failure.code : 'token-subscribe-failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="push-offer-title" className="mt-8 rounded-xl border border-sand-400 bg-white p-6">
      <h2 id="push-offer-title" className="text-lg font-bold">
        {t('offer.title')}
      </h2>
      {done ? (
        <p role="status" className="mt-2 text-muted">
          {t('on')}
        </p>
      ) : (
        <>
          <p className="mt-1 text-muted">{t('offer.body')}</p>
          {error && (
            <p role="alert" data-testid="push-error" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              {t(`errors.${error}`)}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <Button onPress={() => void accept()} isPending={busy}>
              {t('offer.accept')}
            </Button>
            <Button
              variant="secondary"
              onPress={() => {
                localStorage.setItem(PUSH_OFFER_DISMISSED_KEY, String(Date.now()));
                setDismissed(true);
                setError(null);
              }}
            >
              {t('offer.dismiss')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
