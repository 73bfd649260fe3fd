import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { connection } from 'next/server';
import { latinFont, arabicFont } from '@/app/fonts';

export const metadata: Metadata = { title: 'Test payment gateway · بوابة دفع تجريبية', robots: { index: false } };

// The test gateway stands for an outside payment page: none of the portal's layouts.
export default async function TestGatewayLayout({ children }: { children: ReactNode }) {
  // Per request, for the CSP nonce (proxy.ts).
  await connection();
  return (
    <html lang="en-US" dir="ltr" className={`${latinFont.variable} ${arabicFont.variable}`}>
      <body className="min-h-dvh bg-slate-100 font-sans text-ink antialiased">{children}</body>
    </html>
  );
}
