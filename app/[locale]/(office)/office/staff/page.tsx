import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OfficeStaff } from '@/components/office/office-staff';
import { requirePageStaff } from '@/lib/server/office/page-staff';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Office.staff');
  return { title: t('title'), robots: { index: false } };
}

export default async function Page({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  const member = await requirePageStaff(locale, 'staff');
  const t = await getTranslations('Office.staff');
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold">{t('title')}</h1>
      <OfficeStaff selfId={member.id} />
    </>
  );
}
