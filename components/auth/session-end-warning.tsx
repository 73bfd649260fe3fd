'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { logout } from '@/lib/auth/logout';
import { formatCount, pageDigits } from '@/lib/i18n/numbers';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useSessionDeadline } from './use-session-deadline';

/** What a screen reader hears: the minutes while more than one is left, then at 30 and 10 seconds; never every second. */
function milestone(seconds: number): { minutes: number } | { seconds: number } {
  if (seconds > 60) return { minutes: Math.ceil(seconds / 60) };
  if (seconds > 30) return { minutes: 1 };
  return { seconds: seconds > 10 ? 30 : 10 };
}

/**
 * The warning before the session ends by time (WCAG 2.2.1): two minutes
 * ahead, a countdown, and one button that keeps the pilgrim signed in. Should
 * the time run out, the page says the session ended and keeps what was typed
 * (SignedInGate).
 */
export function SessionEndWarning() {
  const t = useTranslations('SessionEnd');
  const locale = useLocale();
  const router = useRouter();
  const { open, secondsLeft, dismiss, staySignedIn } = useSessionDeadline();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const bodyId = useId();
  const spokenId = useId();

  const clock = pageDigits(`${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, '0')}`, locale);
  const spoken = milestone(secondsLeft);

  async function stay(close: () => void) {
    setPending(true);
    setFailed(false);
    try {
      await staySignedIn();
      close();
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      title={t('title')}
      role="alertdialog"
      aria-describedby={`${bodyId} ${spokenId}`}
      isOpen={open}
      onOpenChange={(isOpen) => !isOpen && dismiss()}
      isDismissable={false}
    >
      {({ close }) => (
        <>
          <p id={bodyId} className="text-muted">
            {t('body')}
          </p>
          {/* A timer is not a live region: the seconds tick on screen only. */}
          <p role="timer" aria-label={t('timeLeftLabel')} className="mt-4 text-3xl font-bold tabular-nums text-brand-800">
            <span dir="ltr">{clock}</span>
          </p>
          <p id={spokenId} aria-live="polite" aria-atomic="true" className="sr-only">
            {'minutes' in spoken
              ? t('minutesLeft', { minutes: spoken.minutes, shown: formatCount(spoken.minutes, locale) })
              : t('secondsLeft', { seconds: spoken.seconds, shown: formatCount(spoken.seconds, locale) })}
          </p>
          {failed && (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {t('failed')}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onPress={() => void logout(() => router.replace('/'))} isDisabled={pending}>
              {t('signOut')}
            </Button>
            <Button autoFocus isPending={pending} onPress={() => void stay(close)}>
              {t('stay')}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
