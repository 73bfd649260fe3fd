import { useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';

/**
 * The office's mark and name, linking home. On a phone (below `sm`) the name
 * gives way so that the header's controls fit beside it on one row (issue 40,
 * item 6: two rows at 360 px): `mark` keeps the mark alone (the site's and the
 * form's headers, where the language switch, the notifications and the account
 * menu need the width), `short` the short name ("Labbaik", "لبيك": the sign-in
 * card, beside the language switch only). The link's name is always the full name.
 */
export function Brand({ onPhone = 'short' }: { onPhone?: 'short' | 'mark' }) {
  const t = useTranslations('Brand');
  return (
    <Link href="/" aria-label={t('name')} className="flex shrink-0 items-center gap-2 rounded-md font-bold text-brand-800">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect x="6" y="9" width="20" height="18" rx="2" fill="#114331" />
        <path d="M6 14h20" stroke="#c8a45c" strokeWidth="2.5" />
        <path d="M16 3v5" stroke="#1f6b4f" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="hidden text-lg sm:inline">{t('name')}</span>
      {onPhone === 'short' && <span className="text-lg sm:hidden">{t('short')}</span>}
    </Link>
  );
}
