import { setRequestLocale } from 'next-intl/server';
import { HomePage } from '@/components/home/home-page';
import type { LocaleParams } from '@/lib/i18n/page-metadata';

export default async function Home({ params }: LocaleParams) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <HomePage />;
}
