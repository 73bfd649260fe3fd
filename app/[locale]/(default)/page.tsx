import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HomePage } from '@/components/home/home-page';
import { ClientMessages } from '@/components/i18n/client-messages';
import { HOME_NAMESPACES } from '@/lib/i18n/client-namespaces';
import type { AppLocale } from '@/i18n/routing';
import { alternatesFor, type LocaleParams, pageLocale } from '@/lib/i18n/page-metadata';
import { pickFaqs } from '@/lib/server/content/faqs';
import { listRequestTypes, publicRequestType } from '@/lib/server/requests/request-types';

/** The questions the home page shows, by FAQ id (content/{locale}/faqs.md). */
const TEASER_FAQS = ['drafts', 'passport-validity', 'payment-deadline', 'refund-when'] as const;

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { description: t('description'), alternates: alternatesFor(locale, '') };
}

/**
 * The catalogue (fees, seasons) shown is at most this many seconds old: the
 * page is rendered at its first visit, served from the cache to everyone, and
 * rendered again in the background when older (lib/routing/static-pages.ts).
 * Places left are read again in the browser (components/home/service-places.tsx).
 */
export const revalidate = 60;

// One copy for everyone: the call to action is the visitor's, decided in the browser.
export default async function Home({ params }: LocaleParams) {
  const { locale } = (await params) as { locale: AppLocale };
  setRequestLocale(locale);
  const types = await listRequestTypes();
  const faqs = pickFaqs(locale, TEASER_FAQS).map(({ id, question }) => ({ id, question }));
  return (
    <ClientMessages namespaces={HOME_NAMESPACES}>
      <HomePage services={types.map(publicRequestType)} faqs={faqs} />
    </ClientMessages>
  );
}
