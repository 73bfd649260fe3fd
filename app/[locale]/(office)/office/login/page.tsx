import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StaffLogin } from '@/components/office/staff-login';
import { pageStaff } from '@/lib/server/office/page-staff';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Office.login');
  return { title: t('title'), robots: { index: false } };
}

export default async function Page({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  if (await pageStaff()) redirect(`/${locale}/office`);
  const t = await getTranslations('Office.login');
  return (
    <div className="mx-auto max-w-md rounded-2xl bg-white p-8 shadow-lg">
      <StaffLogin />
      <p className="mt-6 text-sm">
        <a href={`/${locale}/auth/login`} className="rounded font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink">
          {t('pilgrimLink')}
        </a>
      </p>
    </div>
  );
}
