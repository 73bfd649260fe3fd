import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ErrorNotice } from '@/components/errors/error-notice';
import { isStaticPageAddress } from '@/lib/routing/static-pages';
import { pageLocale } from '@/lib/i18n/page-metadata';

type Props = { params: Promise<{ locale: string; rest: string[] }> };

/** /{locale}/static/<slug> of a slug that names no page: its route refuses it before rendering (dynamicParams) and it ends here. */
async function unknownStaticPage(params: Props['params']) {
  const { locale, rest } = await params;
  return isStaticPageAddress(`/${locale}/${rest.join('/')}`);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  if (!(await unknownStaticPage(params))) return {};
  const t = await getTranslations({ locale: await pageLocale(params), namespace: 'Errors' });
  return { title: t('invalidParam.title'), robots: { index: false } };
}

// Catches every address under a locale that no route claims, so the 404 is localized.
// An unknown static page is drawn here rather than thrown to not-found.tsx: a
// thrown 404 leaves the server's HTML empty (Next.js's error shell, drawn by the
// browser), and this one says 'Page Not Found: {full path}' in the HTML itself.
// Its 404 status is set at the HTTP layer, from the path (lib/server/http/unknown-static-pages.ts).
export default async function UnknownPage({ params }: Props) {
  if (!(await unknownStaticPage(params))) notFound();
  setRequestLocale(await pageLocale(params));
  return <ErrorNotice kind="invalidParam" />;
}
