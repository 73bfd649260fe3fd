import type { ReactNode } from 'react';
import { connection } from 'next/server';
import { CspNonceMeta } from './csp-nonce-meta';

/**
 * The layout of the pages rendered per request (every page but the public ones
 * of lib/routing/static-pages.ts): they carry this answer's CSP nonce, which
 * Next.js puts on their scripts and react-aria on its <style> elements.
 */
export async function PerRequest({ children }: { children: ReactNode }) {
  await connection();
  return (
    <>
      <CspNonceMeta />
      {children}
    </>
  );
}
