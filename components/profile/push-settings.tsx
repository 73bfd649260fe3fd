'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Switch } from '@/components/ui/switch';
import { disablePush, enablePush, PushSetupError, type PushErrorCode } from '@/lib/push/push-client';
import { usePushState } from '@/lib/push/use-push-state';

/**
 * Push on/off for this browser. Permission is asked only when the user turns
 * the switch on, never on load; each way it can fail has its own message.
 */
export function PushSettings() {
  const t = useTranslations('Push');
  const { enabled } = usePushState();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PushErrorCode | null>(null);

  async function change(on: boolean) {
    setBusy(true);
    setError(null);
    try {
      if (on) await enablePush();
      else await disablePush();
    } catch (failure) {
      setError(failure instanceof PushSetupError ? failure.code : 'token-subscribe-failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="push-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="push-title" className="text-lg font-bold">
        {t('title')}
      </h2>
      <p className="mt-1 text-muted">{t('description')}</p>
      <div className="mt-4">
        <Switch isSelected={enabled} isDisabled={busy} onChange={(on) => void change(on)}>
          {t('switchLabel')}
        </Switch>
      </div>
      <p role="status" className="mt-3 text-sm text-muted">
        {!busy && !error ? t(enabled ? 'on' : 'off') : ''}
      </p>
      {error && (
        <p role="alert" data-testid="push-error" className="mt-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {t(`errors.${error}`)}
        </p>
      )}
    </section>
  );
}
