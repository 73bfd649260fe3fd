'use client';

import { useState } from 'react';
import { DialogTrigger } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { useSignOutOtherSessions } from '@/lib/auth/auth-api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * "Sign out everywhere else": ends the account's other sessions after a
 * confirmation. No password is asked, so accounts made with Google (which
 * have none) can use it too; this session is proof enough.
 */
export function SignOutElsewhere() {
  const t = useTranslations('Profile');
  const signOut = useSignOutOtherSessions();
  const [failed, setFailed] = useState(false);

  // Part of "your devices" (your-devices.tsx), below the list of sessions.
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <p className="text-muted">{t('sessionsBody')}</p>
      <DialogTrigger>
        <Button variant="secondary" className="self-start">
          {t('signOutOthers')}
        </Button>
        <Dialog title={t('signOutOthersConfirmTitle')} role="alertdialog">
          {({ close }) => (
            <>
              <p className="text-muted">{t('signOutOthersConfirmBody')}</p>
              {failed && (
                <p role="alert" className="mt-3 text-sm font-medium text-red-700">
                  {t('signOutOthersFailed')}
                </p>
              )}
              <div className="mt-6 flex flex-wrap justify-end gap-3">
                <Button variant="secondary" onPress={close} autoFocus>
                  {t('cancel')}
                </Button>
                <Button
                  isPending={signOut.isPending}
                  onPress={async () => {
                    setFailed(false);
                    try {
                      await signOut.mutateAsync();
                      close();
                    } catch {
                      setFailed(true);
                    }
                  }}
                >
                  {t('signOutOthersConfirm')}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </DialogTrigger>
      <p role="status" className="text-sm font-medium text-green-800">
        {signOut.isSuccess ? t('signedOutOthers') : ''}
      </p>
    </div>
  );
}
