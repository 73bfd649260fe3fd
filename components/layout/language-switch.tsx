'use client';

import { Suspense } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { routing } from '@/i18n/routing';
import { localizedPath, pathWithoutLocale } from '@/lib/i18n/paths';
import { focusVisibleRing } from '@/components/ui/focus-visible-ring';
import { GlobeIcon } from '@/components/ui/icons';
import { isInAppClick } from '@/components/ui/link';
import { pageCookieSecurity } from '@/lib/security/secure-cookies';

/** Remembers the choice, as next-intl's locale-changing links do (the router may not ask the server). */
function rememberLocale(locale: string) {
  const { name, maxAge, sameSite, path } = routing.localeCookie as { name: string; maxAge: number; sameSite: string; path: string };
  document.cookie = `${name}=${locale};max-age=${maxAge};SameSite=${sameSite};path=${path}${pageCookieSecurity()}`;
}

function SwitchLink({ query = '' }: { query?: string }) {
  const t = useTranslations('LanguageSwitch');
  const locale = useLocale();
  const router = useRouter();
  const rest = pathWithoutLocale(usePathname());
  const other = routing.locales.find((l) => l !== locale) ?? routing.defaultLocale;
  const href = localizedPath(other, query ? `${rest}?${query}` : rest);
  return (
    <a
      href={href}
      hrefLang={other}
      lang={other}
      onClick={(event) => {
        if (!isInAppClick(event)) return;
        event.preventDefault();
        rememberLocale(other);
        router.push(href);
      }}
      className={`inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50 ${focusVisibleRing}`}
    >
      <GlobeIcon />
      {t('other')}
    </a>
  );
}

function SwitchLinkWithQuery() {
  return <SwitchLink query={useSearchParams().toString()} />;
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
