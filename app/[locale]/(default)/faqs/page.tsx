import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeader } from '@/components/layout/page-header';
import { FaqBrowser } from '@/components/faqs/faq-browser';
import { ClientMessages } from '@/components/i18n/client-messages';
import { FAQ_NAMESPACES } from '@/lib/i18n/client-namespaces';
import type { AppLocale } from '@/i18n/routing';
import { publicPageMetadata, type LocaleParams } from '@/lib/i18n/page-metadata';
import { getFaqs } from '@/lib/server/content/faqs';
import { plainText } from '@/lib/server/content/markdown';

export const generateMetadata = publicPageMetadata('faqs', '/faqs');

// Prerendered: the FAQs are content/{locale}/faqs.md, rendered to HTML here; the browser gets only the search and the accordion.
export default async function FaqsPage({ params }: LocaleParams) {
  const locale = (await params).locale as AppLocale;
  setRequestLocale(locale);
  const t = await getTranslations('Faqs');
  const groups = getFaqs(locale).map((group) => ({
    ...group,
    items: group.items.map((item) => ({ ...item, text: plainText(item.answer_html) })),
  }));
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="mx-auto max-w-6xl px-4">
        <div className="max-w-3xl">
          <ClientMessages namespaces={FAQ_NAMESPACES}>
            <FaqBrowser groups={groups} />
          </ClientMessages>
        </div>
      </div>
    </>
  );
}
