import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HomePage } from '@/components/home/home-page';
import type { HomeVisitor } from '@/components/home/home-call-to-action';
import type { AppLocale } from '@/i18n/routing';
import { alternatesFor, type LocaleParams } from '@/lib/i18n/page-metadata';
import { pageSession } from '@/lib/server/auth/page-session';
import { pickFaqs } from '@/lib/server/content/faqs';
import { listRequestTypes, publicRequestType } from '@/lib/server/requests/request-types';
import { listRequests } from '@/lib/server/requests/requests';

/** The questions the home page shows, by FAQ id (content/{locale}/faqs.md). */
const TEASER_FAQS = ['drafts', 'passport-validity', 'payment-deadline', 'refund-when'] as const;

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { description: t('description'), alternates: alternatesFor(locale, '') };
}

/** Signed in or not, and the latest draft to continue. */
async function homeVisitor(): Promise<HomeVisitor> {
  const session = await pageSession();
  if (!session) return { signedIn: false };
  const drafts = await listRequests(session.user.id, { status: 'draft', page: 1 });
  return { signedIn: true, draftId: drafts.items[0]?.id ?? null };
}

// Rendered per request: the catalogue is the office's current one, and the call to action is the visitor's.
export default async function Home({ params }: LocaleParams) {
  const { locale } = (await params) as { locale: AppLocale };
  setRequestLocale(locale);
  const [types, visitor] = await Promise.all([listRequestTypes(), homeVisitor()]);
  const faqs = pickFaqs(locale, TEASER_FAQS).map(({ id, question }) => ({ id, question }));
  return <HomePage services={types.map(publicRequestType)} faqs={faqs} visitor={visitor} />;
}
