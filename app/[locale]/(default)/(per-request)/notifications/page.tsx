import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { Suspense } from 'react';
import { NotificationsList } from '@/components/notifications/notifications-list';
import { titleMetadata, type LocaleParams, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('notifications');

export default async function Page({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  return (
    <>
      <PageHeader title={t('notifications')} />
      <div className="mx-auto max-w-6xl px-4">
        <SignedInGate>
          <Suspense fallback={<div className="min-h-64" aria-busy="true" />}>
            <NotificationsList />
          </Suspense>
        </SignedInGate>
      </div>
    </>
  );
}
