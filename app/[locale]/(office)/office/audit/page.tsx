import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OfficeAudit } from '@/components/office/office-audit';
import { requirePageStaff } from '@/lib/server/office/page-staff';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Office.audit');
  return { title: t('title'), robots: { index: false } };
}

export default async function Page({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  await requirePageStaff(locale, 'audit');
  const t = await getTranslations('Office.audit');
  return (
    <>
      <h1 className="mb-2 text-3xl font-bold">{t('title')}</h1>
      <p className="mb-6 text-muted">{t('intro')}</p>
      <Suspense fallback={<p aria-busy="true">{t('loading')}</p>}>
        <OfficeAudit />
      </Suspense>
    </>
  );
}
