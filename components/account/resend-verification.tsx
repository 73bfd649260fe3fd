'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api-client';
import { resendVerification } from '@/lib/auth/email-api';
import { PlainButton } from '@/components/ui/plain-button';

/** "Send the e-mail again", with what happened said next to it (sent, too many, offline). */
export function ResendVerification({ className = '' }: { className?: string }) {
  const t = useTranslations('EmailVerification');
  const forms = useTranslations('Forms');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function resend() {
    setPending(true);
    try {
      await resendVerification();
      setResult({ ok: true, text: t('resent') });
    } catch (error) {
      setResult({ ok: false, text: error instanceof ApiClientError ? error.message : forms('offline') });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${className}`}>
      <PlainButton type="button" variant="secondary" isPending={pending} onClick={resend}>
        {pending ? t('resending') : t('resend')}
      </PlainButton>
      <span role="status" className={`text-sm ${result?.ok === false ? 'font-medium text-red-700' : ''}`}>
        {result?.text}
      </span>
    </div>
  );
}
