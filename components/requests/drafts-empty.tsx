import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/layout/page-header';
import { Link } from '@/components/ui/link';

export function DraftsEmpty() {
  const t = useTranslations('Drafts');
  return (
    <EmptyState
      title={t('empty.title')}
      body={t('empty.body')}
      action={
        <Link href="/profile/requests/create" className="inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {t('start')}
        </Link>
      }
    />
  );
}
