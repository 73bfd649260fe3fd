import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { RichText } from '@/components/content/rich-text';
import { STATIC_PAGES, isStaticPageSlug } from '@/lib/content/static-pages';
import { alternatesFor } from '@/lib/i18n/page-metadata';
import { getStaticPage } from '@/lib/server/content/static-pages';
import { routing, type AppLocale } from '@/i18n/routing';

type Props = { params: Promise<{ locale: AppLocale; slug: string }> };

// Built with the app, the only pages of this route: any other slug, or a first
// segment that is no language, is refused before rendering (dynamicParams) and
// falls to the per-request catch-all's 404 ('Page Not Found: {full path}',
// app/[locale]/(default)/not-found.tsx), never rendered here nor kept on disk.
// Rendered and kept, each unknown slug cost 7 files (about 100 KB) of Next.js's
// page cache: anyone could fill the disk (security issue, item 2).
export function generateStaticParams() {
  return routing.locales.flatMap((locale) => STATIC_PAGES.map((slug) => ({ locale, slug })));
}

export const dynamicParams = false;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!isStaticPageSlug(slug)) return {};
  const page = getStaticPage(locale, slug);
  return { title: page.title, description: page.description, alternates: alternatesFor(locale, `/static/${slug}`) };
}

// The page's words live in content/{locale}/pages/{slug}.md, rendered to HTML on the server.
export default async function StaticPage({ params }: Props) {
  const { locale, slug } = await params;
  // Never an unknown slug (dynamicParams above); said again for the types.
  if (!isStaticPageSlug(slug)) notFound();
  setRequestLocale(locale);
  const page = getStaticPage(locale, slug);
  return (
    <article>
      <PageHeader title={page.title} />
      <div className="mx-auto max-w-6xl px-4">
        <RichText html={page.html} className="max-w-3xl text-lg" />
      </div>
    </article>
  );
}
