import { useTranslations } from 'next-intl';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { StaffSignOut } from '@/components/office/staff-sign-out';
import { can, type StaffRole } from '@/lib/office/roles';

/**
 * The console's header (issue 18): who is signed in, the menu their role opens, the language switch and, while the
 * built-in test gateway takes payments, "Test payments: no money is taken" inside the header itself, so no page of
 * a trial server's console reads as a live one (issue 37, item 1; issue 58, item 9).
 */
export function ConsoleHeader({ locale, member, testPayments }: { locale: string; member: { name: string; role: StaffRole } | null; testPayments: boolean }) {
  const t = useTranslations('Office');
  const tPayments = useTranslations('Payments');
  const links = member
    ? [
        { href: `/${locale}/office`, label: t('nav.dashboard') },
        { href: `/${locale}/office/requests`, label: t('nav.requests') },
        ...(can(member.role, 'catalogue') ? [{ href: `/${locale}/office/catalogue`, label: t('nav.catalogue') }] : []),
        ...(can(member.role, 'staff') ? [{ href: `/${locale}/office/staff`, label: t('nav.staff') }] : []),
        ...(can(member.role, 'audit') ? [{ href: `/${locale}/office/audit`, label: t('nav.audit') }] : []),
      ]
    : [];
  return (
    <header className="bg-brand-800 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <p className="text-lg font-bold">{t('console')}</p>
        <div className="flex flex-wrap items-center gap-3">
          {member && (
            <>
              <p className="text-sm" data-testid="staff-member">
                {t('signedInAs', { name: member.name, role: t(`roles.${member.role}`) })}
              </p>
              <StaffSignOut />
            </>
          )}
          <span className="rounded-md bg-white">
            <LanguageSwitch />
          </span>
        </div>
      </div>
      {links.length > 0 && (
        <nav aria-label={t('nav.label')} className="border-t border-white/20">
          <ul className="mx-auto flex max-w-6xl flex-wrap gap-4 px-4 py-2">
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="rounded font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-white">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {testPayments && (
        <p data-testid="test-payments" className="border-b border-amber-600 bg-amber-50 px-4 py-2 text-center text-sm font-semibold text-amber-950">
          {tPayments('testPayments')}
        </p>
      )}
    </header>
  );
}
