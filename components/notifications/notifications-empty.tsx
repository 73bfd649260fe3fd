import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/layout/page-header';

export function NotificationsEmpty() {
  const t = useTranslations('Notifications');
  return <EmptyState title={t('empty.title')} body={t('empty.body')} />;
}
