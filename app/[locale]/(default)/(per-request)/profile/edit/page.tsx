import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { ProfileEdit } from '@/components/profile/profile-edit';
import { titleMetadata, type LocaleParams, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('profileEdit');

export default async function Page({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  return (
    <>
      <PageHeader title={t('profileEdit')} />
      <div className="mx-auto max-w-6xl px-4">
        <SignedInGate>
          <ProfileEdit />
        </SignedInGate>
      </div>
    </>
  );
}
