import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { CspNonceMeta } from '@/components/security/csp-nonce-meta';

export const metadata: Metadata = { title: 'Test payment gateway · بوابة دفع تجريبية', robots: { index: false } };

// The test gateway stands for an outside payment page: none of the portal's layouts.
export default function TestGatewayLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-US" dir="ltr">
      <head>
        <CspNonceMeta />
      </head>
      <body className="min-h-dvh bg-slate-100 font-sans text-ink antialiased">{children}</body>
    </html>
  );
}
