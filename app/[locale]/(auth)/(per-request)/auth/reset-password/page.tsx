import { Suspense } from 'react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page-metadata';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: 'PasswordReset' });
  // The address carries a reset token: no index, and no Referer to other sites.
  return { title: t('resetTitle'), robots: { index: false }, referrer: 'no-referrer' };
}

export default async function Page({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('PasswordReset');
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t('resetTitle')}</h1>
      <Suspense fallback={<div className="min-h-72" aria-busy="true" />}>
        <ResetPasswordForm />
      </Suspense>
    </>
  );
}
