import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { isAppLocale, routing, type AppLocale } from '@/i18n/routing';
import type messages from '@/messages/en.json';
import { STATIC_PAGES } from '@/lib/content/static-pages';

export type LocaleParams = { params: Promise<{ locale: string }> };

/** The page's locale, from its params: the [locale] layout has answered any other with 404 already. */
export async function pageLocale(params: LocaleParams['params']): Promise<AppLocale> {
  const { locale } = await params;
  if (!isAppLocale(locale)) notFound();
  return locale;
}

/** A page's title: a key of the `Titles` messages (checked by the compiler, global.d.ts). */
export type TitleKey = keyof (typeof messages)['Titles'];

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
export function titleMetadata(key: TitleKey) {
  return async ({ params }: LocaleParams): Promise<Metadata> => {
    const locale = await pageLocale(params);
    const t = await getTranslations({ locale, namespace: 'Titles' });
    return { title: t(key) };
  };
}

/** A public page's title and description (`Titles` and `Descriptions` messages), canonical and hreflang links. */
export function publicPageMetadata(key: TitleKey & keyof (typeof messages)['Descriptions'], path: string) {
  return async ({ params }: LocaleParams): Promise<Metadata> => {
    const locale = await pageLocale(params);
    const [titles, descriptions] = await Promise.all([
      getTranslations({ locale, namespace: 'Titles' }),
      getTranslations({ locale, namespace: 'Descriptions' }),
    ]);
    return { title: titles(key), description: descriptions(key), alternates: alternatesFor(locale, path) };
  };
}
