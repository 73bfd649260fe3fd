import type { ReactNode } from 'react';
import { setRequestLocale } from 'next-intl/server';
import { Brand } from '@/components/layout/brand';
import { LanguageSwitch } from '@/components/layout/language-switch';

// The auth layout: a centred card with the brand and the language switch.
export default async function AuthLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  return (
    <main id="main" className="flex flex-1 items-center justify-center bg-sand-100 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg">
        <div className="mb-6 flex items-center justify-between gap-4">
          <Brand />
          <LanguageSwitch />
        </div>
        {children}
      </div>
    </main>
  );
}
