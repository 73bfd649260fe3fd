import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/layout/page-header';
import { Link } from '@/components/ui/link';

/** A well-formed id that is not among this account's drafts or editable requests. */
export function DraftMissing() {
  const t = useTranslations('Wizard');
  return (
    <EmptyState
      title={t('missing.title')}
      body={t('missing.body')}
      action={
        <Link href="/profile/requests/drafts" className="font-semibold text-brand-800 underline underline-offset-4">
          {t('missing.back')}
        </Link>
      }
    />
  );
}
