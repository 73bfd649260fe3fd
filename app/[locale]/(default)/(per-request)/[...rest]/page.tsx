import type { Metadata } from 'next';
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
  const t = await getTranslations({ locale: await pageLocale(params), namespace: 'Errors' });
  return { title: t(`${(await unknownStaticPage(params)) ? 'invalidParam' : 'notFound'}.title`), robots: { index: false } };
}

// Catches every address under a locale that no route claims, so the 404 is localized.
// It is drawn here rather than thrown to not-found.tsx: a thrown 404 leaves the
// server's HTML empty (Next.js's error shell, `<html id="__next_error__">`, drawn by
// the browser), and this one draws its message, title, lang and dir in the HTML
// itself (issue 58, item 6): 'There is no page at {path}', or for an unknown
// static page 'Page Not Found: {full path}'. Its 404 status is set at the HTTP
// layer, from the path and the build's routes (lib/server/http/unknown-pages.ts).
export default async function UnknownPage({ params }: Props) {
  const kind = (await unknownStaticPage(params)) ? 'invalidParam' : 'notFound';
  setRequestLocale(await pageLocale(params));
  return <ErrorNotice kind={kind} />;
}
