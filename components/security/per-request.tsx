import type { ReactNode } from 'react';
import { connection } from 'next/server';
import { ClientMessages } from '@/components/i18n/client-messages';
import { CspNonceMeta } from './csp-nonce-meta';

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
      <ClientMessages namespaces="all">{children}</ClientMessages>
    </>
  );
}
