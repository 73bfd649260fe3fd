import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { AcceptInvitation } from '@/components/families/accept-invitation';
import { titleMetadata, type LocaleParams, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('invitation');

/** The invitation e-mail's link (issue 42): sign in or register with the address it was sent to, then take it up. */
export default async function Page({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Titles');
  const f = await getTranslations('Families');
  return (
    <>
      <PageHeader title={t('invitation')} />
      <div className="mx-auto max-w-3xl space-y-4 px-4 pb-16">
        <p className="text-lg">{f('invitationLead')}</p>
        <SignedInGate>
          <AcceptInvitation />
        </SignedInGate>
      </div>
    </>
  );
}
