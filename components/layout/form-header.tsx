import { useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';
import { Brand } from './brand';
import { LanguageSwitch } from './language-switch';

/** The focused header of the application wizard: no main navigation. */
export function FormHeader() {
  const t = useTranslations('FormLayout');
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3 sm:gap-4">
        <Brand onPhone="mark" />
        <div className="ms-auto flex items-center gap-2">
          <LanguageSwitch />
          <Link href="/profile/requests/drafts" className="rounded-lg border border-brand-700 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-50">
            {t('saveAndExit')}
          </Link>
        </div>
      </div>
    </header>
  );
}
