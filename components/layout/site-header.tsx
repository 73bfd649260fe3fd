import { useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';
import { AccountMenu } from './account-menu';
import { Brand } from './brand';
import { LanguageSwitch } from './language-switch';
import { UnreadBadge } from './unread-badge';

const NAV = [
  ['home', '/'],
  ['faqs', '/faqs'],
  ['about', '/static/about'],
  ['contact', '/static/contact'],
] as const;

export function SiteHeader() {
  const t = useTranslations('Header');
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:gap-x-6">
        <Brand onPhone="mark" />
        <nav aria-label={t('mainNav')} className="order-last w-full sm:order-none sm:w-auto">
          <ul className="flex flex-wrap gap-1">
            {NAV.map(([label, href]) => (
              <li key={href}>
                <Link href={href} className="rounded-md px-2 py-1 text-sm font-medium text-ink hover:bg-brand-50">
                  {t(label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          <UnreadBadge />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
