'use client';

import { useState } from 'react';
import { DialogTrigger } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useDeleteAccount } from '@/lib/auth/auth-api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** Deleting the account is final, so it asks first. */
export function DeleteAccount() {
  const t = useTranslations('Profile');
  const router = useRouter();
  const remove = useDeleteAccount();
  const [failed, setFailed] = useState(false);

  return (
    <section aria-labelledby="delete-title" className="flex flex-col gap-3">
      <h2 id="delete-title" className="text-lg font-semibold">
        {t('deleteTitle')}
      </h2>
      <p className="text-muted">{t('deleteBody')}</p>
      <DialogTrigger>
        <Button variant="danger" className="self-start">
          {t('deleteAccount')}
        </Button>
        <Dialog title={t('deleteConfirmTitle')} role="alertdialog">
          {({ close }) => (
            <>
              <p className="text-muted">{t('deleteConfirmBody')}</p>
              {failed && (
                <p role="alert" className="mt-3 text-sm font-medium text-red-700">
                  {t('deleteFailed')}
                </p>
              )}
              <div className="mt-6 flex flex-wrap justify-end gap-3">
                <Button variant="secondary" onPress={close} autoFocus>
                  {t('cancel')}
                </Button>
                <Button
                  variant="danger"
                  isPending={remove.isPending}
                  onPress={async () => {
                    setFailed(false);
                    try {
                      await remove.mutateAsync();
                      close();
                      router.replace('/');
                    } catch {
                      setFailed(true);
                    }
                  }}
                >
                  {t('deleteConfirm')}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </DialogTrigger>
    </section>
  );
}
