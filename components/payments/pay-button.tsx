'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api-client';
import { startPayment } from '@/lib/payments/payments-api';
import { Button } from '@/components/ui/button';
import { ResendVerification } from '@/components/account/resend-verification';
import { TestPaymentsNotice } from './test-payments';

/**
 * Goes to the gateway to pay a request's fee, or one part of it (`part`, docs/INSTALMENTS.md). One Idempotency-Key per press:
 * a double press or a retried call can never start two payments.
 */
export function PayButton({ requestId, label, part }: { requestId: string; label: string; part?: string }) {
  const t = useTranslations('Payments');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Refused because the address is not confirmed: the message says so, and a resend button is at hand.
  const [unverified, setUnverified] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <TestPaymentsNotice />
      <Button
        isPending={pending}
        onPress={async () => {
          setPending(true);
          setError(null);
          try {
            const payment = await startPayment(requestId, crypto.randomUUID(), part);
            if (payment.redirect_url) window.location.assign(payment.redirect_url);
            else setError(t('startFailed'));
          } catch (failure) {
            setError(failure instanceof ApiClientError ? failure.message : t('startFailed'));
            setUnverified(failure instanceof ApiClientError && failure.code === 'email_unverified');
            setPending(false);
          }
        }}
        className="self-start"
      >
        {label}
      </Button>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {unverified && <ResendVerification />}
    </div>
  );
}
