import { Suspense } from 'react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { VerifyEmail } from '@/components/auth/verify-email';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page-metadata';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: 'EmailVerification' });
  // The address carries a one-time token: no index, and no Referer to other sites.
  return { title: t('title'), robots: { index: false }, referrer: 'no-referrer' };
}

// Outside /auth/ on purpose: the guest guard sends signed-in visitors away from
// /auth/*, and the person who just registered is signed in when the link opens.
export default async function Page({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('EmailVerification');
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t('title')}</h1>
      <Suspense fallback={<div className="min-h-40" aria-busy="true" />}>
        <VerifyEmail />
      </Suspense>
    </>
  );
}
