import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OfficeRequest } from '@/components/office/office-request';
import { isRequestId } from '@/lib/requests/request-id';
import { requirePageStaff } from '@/lib/server/office/page-staff';
import { pageLocale } from '@/lib/i18n/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Office.request');
  return { title: t('title'), robots: { index: false } };
}

export default async function Page({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const { id } = await params;
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  const member = await requirePageStaff(locale, 'queue');
  if (!isRequestId(id)) notFound();
  const t = await getTranslations('Office.request');
  return (
    <>
      <p className="mb-2">
        <a href={`/${locale}/office/requests`} className="rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink">
          {t('back')}
        </a>
      </p>
      <h1 className="mb-6 text-3xl font-bold">{t('title')}</h1>
      <OfficeRequest id={id} staffId={member.id} role={member.role} />
    </>
  );
}
