'use client';

import { useTranslations } from 'next-intl';
import type { RequestMoney } from '@/lib/contract/requests';
import { moneyLine } from '@/lib/payments/money-words';
import { useFormats } from '@/lib/i18n/use-formats';

/**
 * Where a request's money stands, in the sentence every screen uses (lib/payments/money-words.ts): the server's
 * money state, never a sum of the page's own. Null while the request has no fee.
 */
export function useMoneyLine() {
  const t = useTranslations('Money');
  const formats = useFormats();
  return (request: { money: RequestMoney; status: string }) => (request.money ? moneyLine(request.money, (key, values) => t(key, values), formats, request.status) : null);
}
