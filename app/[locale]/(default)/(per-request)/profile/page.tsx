import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { ProfileOverview } from '@/components/profile/profile-overview';
import { NeedsDoing } from '@/components/profile/needs-doing';
import { PushSettings } from '@/components/profile/push-settings';
import { EmailSettings } from '@/components/profile/email-settings';
import { MobileSettings } from '@/components/profile/mobile-settings';
import { YourDevices } from '@/components/profile/your-devices';
import { LinkedAccounts } from '@/components/profile/linked-accounts';
import { titleMetadata, type LocaleParams, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('profile');

export default async function Page({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  return (
    <>
      <PageHeader title={t('profile')} />
      <div className="mx-auto max-w-6xl px-4">
        <SignedInGate>
          <NeedsDoing />
          <h2 className="mb-3 text-xl font-bold">{t('personalDetails')}</h2>
          <ProfileOverview />
          <EmailSettings />
          <MobileSettings />
          <PushSettings />
          <LinkedAccounts />
          <YourDevices />
        </SignedInGate>
      </div>
    </>
  );
}
