import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { RequestWizard } from '@/components/wizard/request-wizard';
import { PageTitle, WizardTitle } from '@/components/wizard/wizard-title';
import { isRequestId } from '@/lib/requests/request-id';
import { titleMetadata, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('complete');

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ id?: string | string[] }> };

export default async function Page({ params, searchParams }: Props) {
  const { id } = await searchParams;
  // A missing or malformed id is an invalid parameter: 'Page Not Found: {full path}'.
  if (!isRequestId(id)) notFound();
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  return (
    <>
      <SignedInGate signedOutTitle={<PageTitle>{t('complete')}</PageTitle>}>
        <WizardTitle id={id} mode="complete" fallback={t('complete')} />
        <RequestWizard id={id} mode="complete" />
      </SignedInGate>
    </>
  );
}
