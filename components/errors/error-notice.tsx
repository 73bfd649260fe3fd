'use client';

import { Suspense, useEffect } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/lib/i18n/numbers';
import { Link } from '@/components/ui/link';

type Kind = 'notFound' | 'invalidParam' | 'serverError';

function useFullPath(): string {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  return query ? `${pathname}?${query}` : pathname;
}

function Message({ kind }: { kind: Kind }) {
  const t = useTranslations('Errors');
  const path = useFullPath();
  return (
    <p className="mt-3 text-muted" data-testid="error-message">
      {t.rich(`${kind}.message`, {
        path,
        // A path reads left to right inside Arabic text too.
        ltr: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
      })}
    </p>
  );
}

/**
 * The error screens: 'Page Not Found' for an address that matches nothing,
 * 'Page Not Found: {full path}' for an invalid parameter (an unknown slug, a
 * malformed id), and 'Internal Server Error' for anything else.
 */
export function ErrorNotice({ kind }: { kind: Kind }) {
  const t = useTranslations('Errors');
  // The status code as a number of the page (docs/DIGITS.md).
  const locale = useLocale();
  const title = t(`${kind}.title`);
  useEffect(() => {
    document.title = `${title} · ${t('brand')}`;
  }, [title, t]);
  return (
    <section className="mx-auto my-16 max-w-xl px-4 text-center" aria-labelledby="error-title">
      <p className="text-5xl font-bold text-brand-700" aria-hidden="true">
        {formatCount(kind === 'serverError' ? 500 : 404, locale)}
      </p>
      <h1 id="error-title" className="mt-2 text-2xl font-bold text-ink">
        {title}
      </h1>
      <Suspense fallback={null}>
        <Message kind={kind} />
      </Suspense>
      <Link href="/" className="mt-6 inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        {t('home')}
      </Link>
    </section>
  );
}
