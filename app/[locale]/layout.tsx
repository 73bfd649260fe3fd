import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { preload } from 'react-dom';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { localeInfo, routing } from '@/i18n/routing';
import { BuildWatcher } from '@/components/layout/build-watcher';
import { ClientMessages } from '@/components/i18n/client-messages';
import { FRAME_NAMESPACES } from '@/lib/i18n/client-namespaces';
import { publicSiteUrl } from '@/lib/server/http/origin';
import { pageLocale } from '@/lib/i18n/page-metadata';

// Each language preloads the cuts of the faces its own script is set in
// (app/globals.css): English text in Inter; Arabic text in IBM Plex Sans Arabic,
// in two weights (Regular, and SemiBold for semibold and bold). The other
// script's few words are not preloaded: on English pages the one Arabic word
// (the switch) is in the system's font; on Arabic pages the Latin words (the
// "English" switch, e-mail addresses, phone numbers) ask for Inter's cut when
// they are laid out: the first page that asks draws them in the size-matched
// fallback (an optional face not preloaded is not used on that page), the next
// ones in Inter, from the cache. A third preload there
// cost more than its words: on a phone's connection its 30 KB shared the
// bandwidth with the stylesheet, the styled first layout came after the first
// paint, and the page's Total Blocking Time doubled (docs/history/
// PERFORMANCE-FINDINGS.md, "Fonts that share the stylesheet's bandwidth").
// The rest of each face is fetched only by a page that needs it.
const FONT_PRELOADS: Record<string, string[]> = {
  en: ['/fonts/inter-basic-wght-normal-5.3.0.woff2'],
  ar: [400, 600].map((weight) => `/fonts/ibm-plex-sans-arabic-arabic-common-${weight}-normal-5.3.0.woff2`),
};

// No page is rendered at build time: the home page reads the office's catalogue,
// which the database holds only once the app runs. The public pages
// (lib/routing/static-pages.ts) are rendered at their first visit and then
// served from the cache to everyone; the others are rendered per request
// (their groups' layouts, components/security/per-request.tsx).
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    // Canonical and hreflang links are written relative to the site's address.
    metadataBase: new URL(publicSiteUrl()),
    title: { default: t('title'), template: t('titleTemplate') },
    description: t('description'),
  };
}

export const viewport: Viewport = { themeColor: '#175740', width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const { iso, dir } = localeInfo[locale];
  for (const href of FONT_PRELOADS[locale] ?? []) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  return (
    <html lang={iso} dir={dir}>
      <body className="flex min-h-dvh flex-col antialiased">
        {/* The frame's messages only: each page adds what its own client components read. */}
        <ClientMessages namespaces={FRAME_NAMESPACES}>
          <BuildWatcher />
          {children}
        </ClientMessages>
      </body>
    </html>
  );
}
