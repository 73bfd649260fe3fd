'use client';

import { useState } from 'react';
import { DialogTrigger } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useDeleteAccount } from '@/lib/auth/auth-api';
import { ApiClientError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** Deleting the account is final, so it asks first. */
export function DeleteAccount() {
  const t = useTranslations('Profile');
  const router = useRouter();
  const remove = useDeleteAccount();
  // The server's own words when it refuses (409: a payment in progress, a paid
  // request under way), already in the page's language; otherwise a general line.
  const [failure, setFailure] = useState<string | null>(null);

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
              {failure && (
                <p role="alert" className="mt-3 text-sm font-medium text-red-700">
                  {failure}
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
                    setFailure(null);
                    try {
                      await remove.mutateAsync();
                      close();
                      router.replace('/');
                    } catch (error) {
                      const refused = error instanceof ApiClientError && error.status === 409 && error.body?.error?.message;
                      setFailure(refused || t('deleteFailed'));
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
