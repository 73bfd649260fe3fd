import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OfficeQueue } from '@/components/office/office-queue';
import { can } from '@/lib/office/roles';
import { requirePageStaff } from '@/lib/server/office/page-staff';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Office.queue');
  return { title: t('title'), robots: { index: false } };
}

export default async function Page({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  const member = await requirePageStaff(locale, 'queue');
  const t = await getTranslations('Office.queue');
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold">{t('title')}</h1>
      <Suspense fallback={<p aria-busy="true">{t('loading')}</p>}>
        <OfficeQueue canExport={can(member.role, 'export')} canReview={can(member.role, 'review')} canApproveRefunds={can(member.role, 'payments')} />
      </Suspense>
    </>
  );
}
