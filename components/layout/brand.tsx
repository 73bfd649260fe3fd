import { useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';

export function Brand() {
  const t = useTranslations('Brand');
  return (
    <Link href="/" className="flex items-center gap-2 rounded-md font-bold text-brand-800">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect x="6" y="9" width="20" height="18" rx="2" fill="#114331" />
        <path d="M6 14h20" stroke="#c8a45c" strokeWidth="2.5" />
        <path d="M16 3v5" stroke="#1f6b4f" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="text-lg">{t('name')}</span>
    </Link>
  );
}
