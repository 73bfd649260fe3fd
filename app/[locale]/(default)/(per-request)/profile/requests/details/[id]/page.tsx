import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { RequestDetailsView } from '@/components/requests/request-details';
import { isRequestId } from '@/lib/requests/request-id';
import { titleMetadata, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('requestDetails');

export default async function RequestDetailsPage({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { id } = await params;
  // A malformed id is an invalid parameter: 'Page Not Found: {full path}'.
  if (!isRequestId(id)) notFound();
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  return (
    <>
      <PageHeader title={t('requestDetails')} />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <SignedInGate>
          <RequestDetailsView id={id} />
        </SignedInGate>
      </div>
    </>
  );
}
