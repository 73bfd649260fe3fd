import type { ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { VerifyEmailBanner } from '@/components/account/verify-email-banner';
import { pageLocale } from '@/lib/i18n/page-metadata';

// The default layout: header with navigation, main content, footer.
export default async function DefaultLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Header');
  return (
    <>
      <a href="#main" className="sr-only rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-modal focus:outline-3 focus:outline-offset-3 focus:outline-ink focus:ring-3 focus:ring-white">
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <VerifyEmailBanner />
    </>
  );
}
