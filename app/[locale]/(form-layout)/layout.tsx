import type { ReactNode } from 'react';
import { setRequestLocale } from 'next-intl/server';
import { FormHeader } from '@/components/layout/form-header';
import { VerifyEmailBanner } from '@/components/account/verify-email-banner';
import { PerRequest } from '@/components/security/per-request';
import { pageLocale } from '@/lib/i18n/page-metadata';

// Rendered per request, under a CSP nonce (components/security/per-request.tsx).
export const dynamic = 'force-dynamic';

// The focused form layout: brand, "save and exit", no main navigation. Each
// wizard page opens with its steps/progress bar (components/wizard/wizard-steps).
export default async function FormLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  setRequestLocale(await pageLocale(params));
  // Rendered per request, under a CSP nonce.
  return (
    <PerRequest>
      <FormHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <VerifyEmailBanner />
    </PerRequest>
  );
}
