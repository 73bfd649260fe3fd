import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { SharedRequestView } from '@/components/families/shared-request-view';
import { isRequestId } from '@/lib/requests/request-id';
import { titleMetadata, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('sharedRequest');

/** A companion's own part of a request (issue 42): its state, their answers and documents, correct and confirm. */
export default async function Page({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { id } = await params;
  if (!isRequestId(id)) notFound();
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  return (
    <>
      <PageHeader title={t('sharedRequest')} />
      <div className="mx-auto max-w-4xl px-4 pb-16">
        <SignedInGate>
          <SharedRequestView id={id} />
        </SignedInGate>
      </div>
    </>
  );
}
