'use client';

import { useEffect } from 'react';
import { isChunkLoadError, reloadToTarget } from '@/lib/build/chunk-error';

// Last resort when the locale layout itself fails: bilingual, since the locale may be unknown.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadToTarget();
  }, [error]);
  return (
    <html lang="en-US" dir="ltr">
      <body style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem' }}>
        <h1>Internal Server Error</h1>
        <p lang="ar-EG" dir="rtl">خطأ داخلي في الخادم</p>
        {/* A full page load on purpose: the app around this page may be broken. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/">Home · الرئيسية</a>
      </body>
    </html>
  );
}
