import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page-metadata';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: 'PasswordReset' });
  return { title: t('forgotTitle'), robots: { index: false } };
}

export default async function Page({ params }: LocaleParams) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('PasswordReset');
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t('forgotTitle')}</h1>
      <ForgotPasswordForm />
    </>
  );
}
