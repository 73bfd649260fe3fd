import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StaffSetPasswordForm } from '@/components/office/set-password-form';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Office.setPassword');
  return { title: t('title'), robots: { index: false } };
}

export default async function Page({ params, searchParams }: LocaleParams & { searchParams: Promise<{ token?: string | string[] }> }) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Office.setPassword');
  const { token } = await searchParams;
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 rounded-2xl bg-white p-8 shadow-lg">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      {typeof token === 'string' && token ? (
        <>
          <p>{t('intro')}</p>
          <StaffSetPasswordForm token={token} />
        </>
      ) : (
        <p role="alert">{t('missing')}</p>
      )}
    </div>
  );
}
