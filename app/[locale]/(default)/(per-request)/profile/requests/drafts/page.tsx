import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { DraftsList } from '@/components/requests/drafts-list';
import { titleMetadata, type LocaleParams, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('drafts');

export default async function Page({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  return (
    <>
      <PageHeader title={t('drafts')} />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <SignedInGate>
          <DraftsList />
        </SignedInGate>
      </div>
    </>
  );
}
