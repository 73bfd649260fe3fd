import type { MetadataRoute } from 'next';
import { routing } from '@/i18n/routing';
import { PUBLIC_PAGES } from '@/lib/i18n/page-metadata';
import { publicSiteUrl } from '@/lib/server/http/origin';

// /sitemap.xml – every public page in every language, each with its alternates.
export default function sitemap(): MetadataRoute.Sitemap {
  const origin = publicSiteUrl();
  return PUBLIC_PAGES.flatMap((path) => {
    const languages: Record<string, string> = Object.fromEntries(routing.locales.map((locale) => [locale, `${origin}/${locale}${path}`]));
    languages['x-default'] = `${origin}${path || '/'}`;
    return routing.locales.map((locale) => ({
      url: `${origin}/${locale}${path}`,
      changeFrequency: path === '' || path === '/faqs' ? ('weekly' as const) : ('monthly' as const),
      priority: path === '' ? 1 : 0.7,
      alternates: { languages },
    }));
  });
}
