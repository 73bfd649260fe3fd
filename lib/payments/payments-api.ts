'use client';

import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Payment, PaymentOutcome } from '@/lib/contract/payments';

// Paying a request's fee: starting the checkout, and its outcome; what the API answers is in lib/contract/payments.ts.

/** Starts (or, with the same key, resumes) paying a request's fee, or one part of it (docs/INSTALMENTS.md), and answers where to pay. */
export async function startPayment(requestId: string, idempotencyKey: string, part?: string) {
  return (
    await apiRequest<{ data: Payment }>(`/requests/${requestId}/payments`, { method: 'POST', body: part ? { part } : {}, headers: { 'Idempotency-Key': idempotencyKey } })
  ).data;
}

export const fetchPayment = async (id: string) => (await apiRequest<{ data: Payment }>(`/payments/${id}`)).data;

export const fetchPaymentOutcome = async (id: string) => (await apiRequest<{ data: PaymentOutcome }>(`/payments/${id}/outcome`)).data;

const MAX_POLL_MS = 10_000;

/** Asked again with growing pauses while the gateway has not decided. */
const whileUndecided = (query: { state: { data?: { status: Payment['status'] }; dataUpdateCount: number } }) => {
  const status = query.state.data?.status;
  if (status && status !== 'pending' && status !== 'initiated') return false;
  return Math.min(1000 * 2 ** query.state.dataUpdateCount, MAX_POLL_MS);
};

/** The payment as the server has verified it; polled with growing pauses while the gateway has not decided. */
export function usePayment(id: string | null) {
  return useQuery({ queryKey: ['payments', id], queryFn: () => fetchPayment(id!), enabled: Boolean(id), retry: 2, refetchInterval: whileUndecided });
}

/** The same, for a payer without a session (GET /payments/{id}/outcome). */
export function usePaymentOutcome(id: string | null) {
  return useQuery({ queryKey: ['payments', id, 'outcome'], queryFn: () => fetchPaymentOutcome(id!), enabled: Boolean(id), retry: 2, refetchInterval: whileUndecided });
}
