import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { Confirmation } from '@/components/wizard/confirmation';
import { PageTitle } from '@/components/wizard/wizard-title';
import { isRequestId } from '@/lib/requests/request-id';
import { titleMetadata, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('payment');

/**
 * The request's payment page: where "Accept and continue to payment" leads. Its own address,
 * not the form's (a reload or a shared link lands here), and the site's header, not the
 * form's "Save and exit": nothing is left to save.
 */
export default async function RequestPaymentPage({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { id } = await params;
  // A malformed id is an invalid parameter: 'Page Not Found: {full path}'.
  if (!isRequestId(id)) notFound();
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  return (
    <SignedInGate signedOutTitle={<PageTitle>{t('payment')}</PageTitle>}>
      <Confirmation id={id} />
    </SignedInGate>
  );
}
