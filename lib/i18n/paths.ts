import { routing } from '@/i18n/routing';
import { splitLocale } from '@/lib/routing/guards';

// Localized paths for links, without next-intl's navigation helpers (they
// bring next/link, about 12 KB gzipped, to every public page).

/** `/faqs` in English → `/en/faqs`; `/` → `/en`. Query and hash are kept. */
export function localizedPath(locale: string, href: string): string {
  return href === '/' || href.startsWith('/?') || href.startsWith('/#') ? `/${locale}${href.slice(1)}` : `/${locale}${href}`;
}

/** The path without its locale prefix: `/en/faqs` → `/faqs`, `/en` → `/`. */
export function pathWithoutLocale(pathname: string): string {
  return splitLocale(pathname, routing.locales)?.rest ?? pathname;
}
