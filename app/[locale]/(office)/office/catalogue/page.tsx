import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OfficeCatalogue } from '@/components/office/office-catalogue';
import { requirePageStaff } from '@/lib/server/office/page-staff';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Office.catalogue');
  return { title: t('title'), robots: { index: false } };
}

export default async function Page({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  await requirePageStaff(locale, 'catalogue');
  const t = await getTranslations('Office.catalogue');
  return (
    <>
      <h1 className="mb-2 text-3xl font-bold">{t('title')}</h1>
      <p className="mb-6 text-muted">{t('intro')}</p>
      <OfficeCatalogue />
    </>
  );
}
