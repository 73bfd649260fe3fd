import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SignedInGate } from '@/components/account/signed-in-gate';
import { PageHeader } from '@/components/layout/page-header';
import { OpeningQueue } from '@/components/openings/opening-queue';
import { titleMetadata, pageLocale } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('opening');

const SERVICES = ['hajj', 'umrah'] as const;
const isService = (value: string): value is (typeof SERVICES)[number] => (SERVICES as readonly string[]).includes(value);

/**
 * An opening's queue (issue 59, docs/OPENING.md): the pilgrim's place, updated by itself, and their turn to send.
 * The proxy sends a visitor without a session home, whose sign-in links lead back here (lib/routing/guards.ts).
 */
export default async function OpeningPage({ params }: { params: Promise<{ locale: string; service: string }> }) {
  const { service } = await params;
  // Only the services the portal offers have a queue: anything else is a page not found.
  if (!isService(service)) notFound();
  setRequestLocale(await pageLocale(params));
  const t = await getTranslations('Openings');
  const types = await getTranslations('RequestType');
  const name = types(service);
  return (
    <>
      <PageHeader title={t('title', { service: name })} lead={t('lead', { service: name })} />
      <div className="mx-auto max-w-3xl px-4 pb-12">
        <SignedInGate>
          <OpeningQueue service={service} />
        </SignedInGate>
      </div>
    </>
  );
}
