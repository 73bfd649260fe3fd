import type { ReactNode } from 'react';
import { connection } from 'next/server';
import { ClientMessages } from '@/components/i18n/client-messages';
import { CspNonceMeta } from './csp-nonce-meta';
import { TestPaymentsMode } from '@/components/payments/test-payments';
import { testPaymentsOn } from '@/lib/server/payments/gateway-choice';

/**
 * The layout of the pages rendered per request (every page but the public ones
 * of lib/routing/static-pages.ts): they carry this answer's CSP nonce, which
 * Next.js puts on their scripts and react-aria on its <style> elements. They
 * are not cached and their forms read many namespaces: all the messages.
 */
export async function PerRequest({ children }: { children: ReactNode }) {
  await connection();
  return (
    <>
      <CspNonceMeta />
      <ClientMessages namespaces="all">
        {/* Every place a pilgrim pays from says so while the test gateway takes payments (issue 37, item 1). */}
        <TestPaymentsMode on={testPaymentsOn()}>{children}</TestPaymentsMode>
      </ClientMessages>
    </>
  );
}
