import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/layout/page-header';

/** No drafts; "Start an application" sits above the list. */
export function DraftsEmpty() {
  const t = useTranslations('Drafts');
  return <EmptyState title={t('empty.title')} body={t('empty.body')} />;
}
