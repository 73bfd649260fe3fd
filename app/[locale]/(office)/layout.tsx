import type { ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PerRequest } from '@/components/security/per-request';
import { Providers } from '@/components/providers';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { StaffSignOut } from '@/components/office/staff-sign-out';
import { pageStaff } from '@/lib/server/office/page-staff';
import { can } from '@/lib/office/roles';
import { testPaymentsOn } from '@/lib/server/payments/gateway-choice';
import { pageLocale } from '@/lib/i18n/page-metadata';

// The office console's own frame (issue 18): not the pilgrims' header, menu or
// notifications. Every page is rendered per request, under a nonce, and never
// cached: what it shows depends on the staff member's session and role.
export const dynamic = 'force-dynamic';

export default async function OfficeLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  const t = await getTranslations('Office');
  const tPayments = await getTranslations('Payments');
  const member = await pageStaff();
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
    <PerRequest>
      <a href="#main" className="sr-only rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-modal focus:outline-3 focus:outline-offset-3 focus:outline-ink focus:ring-3 focus:ring-white">
        {t('skipToContent')}
      </a>
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
      </header>
      {testPaymentsOn() && (
        <p data-testid="test-payments" className="border-b border-amber-600 bg-amber-50 px-4 py-2 text-center text-sm font-semibold text-amber-950">
          {tPayments('testPayments')}
        </p>
      )}
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Providers>{children}</Providers>
      </main>
    </PerRequest>
  );
}
