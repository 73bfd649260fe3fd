import type { ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PerRequest } from '@/components/security/per-request';
import { Providers } from '@/components/providers';
import { ConsoleHeader } from '@/components/office/console-header';
import { pageStaff } from '@/lib/server/office/page-staff';
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
  const member = await pageStaff();
  return (
    <PerRequest>
      <a href="#main" className="sr-only rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-modal focus:outline-3 focus:outline-offset-3 focus:outline-ink focus:ring-3 focus:ring-white">
        {t('skipToContent')}
      </a>
      <ConsoleHeader locale={locale} member={member && { name: member.name, role: member.role }} testPayments={testPaymentsOn()} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Providers>{children}</Providers>
      </main>
    </PerRequest>
  );
}
