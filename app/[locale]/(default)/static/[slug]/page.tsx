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

export function generateStaticParams() {
  return routing.locales.flatMap((locale) => STATIC_PAGES.map((slug) => ({ locale, slug })));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!isStaticPageSlug(slug)) return {};
  const page = getStaticPage(locale, slug);
  return { title: page.title, description: page.description, alternates: alternatesFor(locale, `/static/${slug}`) };
}

// The page's words live in content/{locale}/pages/{slug}.md, rendered to HTML on the server.
export default async function StaticPage({ params }: Props) {
  const { locale, slug } = await params;
  // An unknown slug is an invalid parameter: 'Page Not Found: {full path}'.
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
