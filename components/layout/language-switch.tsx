'use client';

import { Suspense } from 'react';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { IntlLink, usePathname } from '@/i18n/navigation';
import { routing } from '@/i18n/routing';
import { focusVisibleRing } from '@/components/ui/focus-visible-ring';
import { GlobeIcon } from '@/components/ui/icons';

function SwitchLink({ query }: { query?: Record<string, string> }) {
  const t = useTranslations('LanguageSwitch');
  const locale = useLocale();
  const pathname = usePathname();
  const other = routing.locales.find((l) => l !== locale) ?? routing.defaultLocale;
  return (
    <IntlLink
      href={{ pathname, query }}
      locale={other}
      hrefLang={other}
      lang={other}
      prefetch={false}
      className={`inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50 ${focusVisibleRing}`}
    >
      <GlobeIcon />
      {t('other')}
    </IntlLink>
  );
}

function SwitchLinkWithQuery() {
  const searchParams = useSearchParams();
  return <SwitchLink query={Object.fromEntries(searchParams.entries())} />;
}

/** Switches to the other language on the same page, with the same query. */
export function LanguageSwitch() {
  // The query is known only in the browser on statically rendered pages.
  return (
    <Suspense fallback={<SwitchLink />}>
      <SwitchLinkWithQuery />
    </Suspense>
  );
}
