import { useTranslations } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { EmptyState, PageHeader } from '@/components/layout/page-header';
import { Link } from '@/components/ui/link';
import { titleMetadata, type LocaleParams } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('faqs');

function Faqs() {
  const t = useTranslations('Faqs');
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="mx-auto max-w-6xl px-4">
        <EmptyState
          title={t('empty.title')}
          body={t('empty.body')}
          action={
            <Link href="/static/contact" className="font-semibold text-brand-800 underline underline-offset-4">
              {t('empty.contact')}
            </Link>
          }
        />
      </div>
    </>
  );
}

export default async function FaqsPage({ params }: LocaleParams) {
  setRequestLocale((await params).locale);
  return <Faqs />;
}
