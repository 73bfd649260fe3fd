import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';
import { formatYear } from '@/lib/i18n/numbers';
import type { AppLocale } from '@/i18n/routing';
import { STATIC_PAGES } from '@/lib/content/static-pages';
import { getStaticPage } from '@/lib/server/content/static-pages';

export function SiteFooter() {
  const t = useTranslations('Footer');
  // The static pages' titles come from their content files (server only: this footer is a server component).
  const locale = useLocale() as AppLocale;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label={t('nav')}>
          <ul className="flex flex-wrap gap-4">
            {STATIC_PAGES.map((slug) => (
              <li key={slug}>
                <Link href={`/static/${slug}`} className="rounded text-sm text-brand-800 underline-offset-4 hover:underline">
                  {getStaticPage(locale, slug).title}
                </Link>
              </li>
            ))}
            <li>
              <Link href="/faqs" className="rounded text-sm text-brand-800 underline-offset-4 hover:underline">
                {t('faqs')}
              </Link>
            </li>
          </ul>
        </nav>
        <p className="text-sm text-muted">{t('rights', { year: formatYear(new Date().getFullYear(), locale) })}</p>
      </div>
    </footer>
  );
}
