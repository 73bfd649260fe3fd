import type { MetadataRoute } from 'next';
import { routing } from '@/i18n/routing';
import { publicSiteUrl } from '@/lib/server/http/origin';

// /robots.txt – the public pages are for everyone; the API, the profile area and the test gateway are not.
export default function robots(): MetadataRoute.Robots {
  const origin = publicSiteUrl();
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', '/profile', ...routing.locales.map((locale) => `/${locale}/profile`), '/test-gateway/'],
    },
    sitemap: `${origin}/sitemap.xml`,
  };
}
