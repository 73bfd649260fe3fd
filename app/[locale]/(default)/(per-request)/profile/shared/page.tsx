import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { SharedRequestsList } from '@/components/families/shared-requests-list';
import { titleMetadata, type LocaleParams, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('sharedRequests');

/** "Requests I am on": the requests someone else applied for with the user as a companion (issue 42). */
export default async function Page({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  return (
    <>
      <PageHeader title={t('sharedRequests')} />
      <div className="mx-auto max-w-4xl px-4 pb-16">
        <SignedInGate>
          <SharedRequestsList />
        </SignedInGate>
      </div>
    </>
  );
}
