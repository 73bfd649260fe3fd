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

  return (
    <section aria-labelledby="sessions-title" className="mt-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="sessions-title" className="text-lg font-bold">
        {t('sessionsTitle')}
      </h2>
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
    </section>
  );
}
