import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/layout/page-header';

/** No sent requests yet; "Start an application" sits above the list. */
export function RequestsEmpty() {
  const t = useTranslations('Requests');
  return <EmptyState title={t('empty.title')} body={t('empty.body')} />;
}
