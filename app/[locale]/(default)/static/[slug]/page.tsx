import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { STATIC_PAGES, isStaticPageSlug } from '@/lib/content/static-pages';
import { routing } from '@/i18n/routing';

type Props = { params: Promise<{ locale: string; slug: string }> };

export function generateStaticParams() {
  return routing.locales.flatMap((locale) => STATIC_PAGES.map((slug) => ({ locale, slug })));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!isStaticPageSlug(slug)) return {};
  const t = await getTranslations({ locale, namespace: 'StaticPages' });
  return { title: t(`${slug}.title`) };
}

export default async function StaticPage({ params }: Props) {
  const { locale, slug } = await params;
  // An unknown slug is an invalid parameter: 'Page Not Found: {full path}'.
  if (!isStaticPageSlug(slug)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations('StaticPages');
  const paragraphs = t.raw(`${slug}.body`) as string[];
  return (
    <article>
      <PageHeader title={t(`${slug}.title`)} />
      <div className="mx-auto max-w-3xl space-y-4 px-4 text-lg leading-relaxed text-ink">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
