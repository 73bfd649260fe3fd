import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { routing } from '@/i18n/routing';
import { STATIC_PAGES } from '@/lib/content/static-pages';

export type LocaleParams = { params: Promise<{ locale: string }> };

/** The pages anyone may read, without their locale prefix: the sitemap lists each in every locale. */
export const PUBLIC_PAGES = ['', '/faqs', ...STATIC_PAGES.map((slug) => `/static/${slug}`), '/auth/login', '/auth/register'] as const;

/**
 * The page's canonical URL and its versions in the other languages (hreflang),
 * relative to the layout's metadataBase. x-default is the unprefixed path,
 * which sends each visitor to their own language.
 */
export function alternatesFor(locale: string, path: string): NonNullable<Metadata['alternates']> {
  const languages: Record<string, string> = {};
  for (const other of routing.locales) languages[other] = `/${other}${path}`;
  languages['x-default'] = path || '/';
  return { canonical: `/${locale}${path}`, languages };
}

/** The page's <title>, from the `Titles` messages of its locale. */
export function titleMetadata(key: string) {
  return async ({ params }: LocaleParams): Promise<Metadata> => {
    const { locale } = await params;
    const t = await getTranslations({ locale, namespace: 'Titles' });
    return { title: t(key) };
  };
}

/** A public page's title and description (`Titles` and `Descriptions` messages), canonical and hreflang links. */
export function publicPageMetadata(key: string, path: string) {
  return async ({ params }: LocaleParams): Promise<Metadata> => {
    const { locale } = await params;
    const [titles, descriptions] = await Promise.all([
      getTranslations({ locale, namespace: 'Titles' }),
      getTranslations({ locale, namespace: 'Descriptions' }),
    ]);
    return { title: titles(key), description: descriptions(key), alternates: alternatesFor(locale, path) };
  };
}
