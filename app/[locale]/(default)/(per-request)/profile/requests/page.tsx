import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { RequestsList } from '@/components/requests/requests-list';
import { titleMetadata, type LocaleParams, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('requests');

export default async function Page({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  return (
    <>
      <PageHeader title={t('requests')} />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <SignedInGate>
          <RequestsList />
        </SignedInGate>
      </div>
    </>
  );
}
