import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { CreateRequest } from '@/components/wizard/create-request';
import { WizardSteps } from '@/components/wizard/wizard-steps';
import { titleMetadata, type LocaleParams, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('create');

export default async function CreateRequestPage({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  return (
    <>
      <WizardSteps />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="mb-6 text-2xl font-bold">{t('create')}</h1>
        <SignedInGate>
          <CreateRequest />
        </SignedInGate>
      </div>
    </>
  );
}
