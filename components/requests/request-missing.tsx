import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/layout/page-header';
import { Link } from '@/components/ui/link';

/** A well-formed request number that is not among this account's requests (the API answered 404). */
export function RequestMissing() {
  const t = useTranslations('Requests');
  return (
    <EmptyState
      title={t('missing.title')}
      body={t('missing.body')}
      action={
        <Link href="/profile/requests" className="font-semibold text-brand-800 underline underline-offset-4">
          {t('missing.back')}
        </Link>
      }
    />
  );
}
