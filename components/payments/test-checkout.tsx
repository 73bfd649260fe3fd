'use client';

import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { formatAmount } from '@/lib/i18n/numbers';
import { TEST_PAYMENTS } from '@/lib/payments/test-payment-words';

const noSubscription = () => () => {};

// Outside the portal's locales: every text is given in English and Arabic side by side.
const T = {
  // The words the start-up line, the console and the receipts say (issue 58, item 9).
  banner: [TEST_PAYMENTS.en, TEST_PAYMENTS.ar],
  title: ['Test payment gateway', 'بوابة الدفع التجريبية'],
  amount: ['Amount', 'المبلغ'],
  for: ['For', 'مقابل'],
  card: ['Card number', 'رقم البطاقة'],
  otp: ['3-D Secure code', 'رمز التحقق \u20663-D Secure\u2069'],
  pay: ['Pay', 'ادفع'],
  confirm: ['Confirm', 'تأكيد'],
  invalid: ['This card number is not valid.', 'رقم البطاقة هذا غير صالح.'],
  otpAsk: ['Your bank asks for a one-time code.', 'يطلب مصرفك رمزًا لمرة واحدة.'],
  done: ['This payment is already finished.', 'اكتملت عملية الدفع هذه بالفعل.'],
  voided: ['This payment was cancelled: the request no longer awaits it. Nothing was charged.', 'أُلغيت عملية الدفع هذه: لم يعد الطلب بانتظارها. لم يُخصم أي مبلغ.'],
  back: ['Back to the portal', 'العودة إلى البوابة'],
  failed: ['The payment could not be made. Try again.', 'تعذّر إتمام الدفع. حاول مرة أخرى.'],
  cardsTitle: ['Test cards', 'بطاقات الاختبار'],
  success: ['Success', 'نجاح'],
  declined: ['Declined', 'مرفوضة'],
  insufficientFunds: ['Insufficient funds', 'رصيد غير كافٍ'],
  threeDSecure: ['3-D Secure step (code {otp})', 'خطوة \u20663-D Secure\u2069 (الرمز {otp})'],
  captureRefused: ['Authorised, then the capture is refused', 'تُقبل ثم يُرفض تحصيل المبلغ'],
} as const;

function Both({ k, values = {} }: { k: keyof typeof T; values?: Record<string, string> }) {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
  return (
    <>
      <span lang="en">{fill(T[k][0])}</span>
      <span className="mx-2 text-slate-400" aria-hidden="true">·</span>
      <span lang="ar" dir="rtl">
        {fill(T[k][1])}
      </span>
    </>
  );
}

export function TestCheckout(props: {
  id: string;
  amountMinor: number;
  currency: string;
  description: string;
  done: boolean;
  /** Closed by the portal (the request was cancelled, withdrawn or expired): it can no longer be paid. */
  voided?: boolean;
  returnUrl: string;
  cards: Record<'success' | 'declined' | 'insufficientFunds' | 'threeDSecure' | 'captureRefused', string>;
  otp: string;
}) {
  // Paying needs the page's script: until it runs, the button waits (a click would only reload the page).
  const ready = useSyncExternalStore(noSubscription, () => true, () => false);
  const [card, setCard] = useState('');
  const [askOtp, setAskOtp] = useState(false);
  const [error, setError] = useState<keyof typeof T | null>(null);
  const [pending, setPending] = useState(false);
  // As a card gateway's page writes it, in Western digits whatever the language, by the currency's own decimals.
  const amount = `${props.currency} ${formatAmount(props.amountMinor, props.currency)}`;

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form itself: what was typed before the script ran is kept.
    const form = new FormData(event.currentTarget);
    const typedCard = askOtp ? card : String(form.get('card_number') ?? '');
    const otp = String(form.get('otp') ?? '');
    setCard(typedCard);
    setPending(true);
    setError(null);
    try {
      const response = await fetch(`/api/test-gateway/${props.id}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ card_number: typedCard, otp: askOtp ? otp : undefined }),
      });
      const { data } = (await response.json()) as { data: { outcome: string; return_url: string } };
      if (data.outcome === 'invalid') setError('invalid');
      else if (data.outcome === 'otp') setAskOtp(true);
      else if (data.outcome === 'voided') setError('voided');
      // Paid or failed, the shopper goes back to the portal, which asks us for the truth.
      else window.location.assign(data.return_url);
    } catch {
      setError('failed');
    } finally {
      setPending(false);
    }
  }

  const field = 'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-lg outline-0 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-700';
  return (
    <main className="mx-auto max-w-lg px-4 py-10">
      <p role="note" className="rounded-lg bg-amber-300 px-4 py-2 text-center font-bold text-amber-950">
        <Both k="banner" />
      </p>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-lg">
        <h1 className="text-xl font-bold text-indigo-900">
          <Both k="title" />
        </h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold"><Both k="amount" /></dt>
          <dd data-testid="gateway-amount">{amount}</dd>
          <dt className="font-semibold"><Both k="for" /></dt>
          <dd dir="ltr">{props.description}</dd>
        </dl>
        {props.done ? (
          <p className="mt-6">
            <Both k={props.voided ? 'voided' : 'done'} />{' '}
            <a href={props.returnUrl} className="font-semibold text-indigo-800 underline">
              <Both k="back" />
            </a>
          </p>
        ) : (
          <form onSubmit={pay} className="mt-6 flex flex-col gap-4">
            {!askOtp ? (
              <label className="flex flex-col gap-1">
                <span className="text-sm font-semibold"><Both k="card" /></span>
                <input className={field} name="card_number" dir="ltr" inputMode="numeric" autoComplete="cc-number" defaultValue={card} required />
              </label>
            ) : (
              <label className="flex flex-col gap-1">
                <span className="text-sm"><Both k="otpAsk" /></span>
                <span className="text-sm font-semibold"><Both k="otp" /></span>
                <input className={field} name="otp" dir="ltr" inputMode="numeric" autoComplete="one-time-code" required autoFocus />
              </label>
            )}
            {error && (
              <p role="alert" className="text-sm font-medium text-red-700">
                <Both k={error} />
              </p>
            )}
            <button type="submit" disabled={pending || !ready} className="rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white outline-0 hover:bg-indigo-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-900 disabled:opacity-60">
              {askOtp ? <Both k="confirm" /> : <><Both k="pay" /> {amount}</>}
            </button>
          </form>
        )}
      </div>
      <section className="mt-6 rounded-2xl bg-white p-6 text-sm" aria-labelledby="cards-title">
        <h2 id="cards-title" className="font-semibold"><Both k="cardsTitle" /></h2>
        <ul className="mt-2 space-y-1">
          {(Object.keys(props.cards) as (keyof typeof props.cards)[]).map((kind) => (
            <li key={kind} className="flex flex-wrap justify-between gap-2">
              <code dir="ltr">{props.cards[kind].replace(/(\d{4})(?=\d)/g, '$1 ')}</code>
              <span><Both k={kind} values={{ otp: props.otp }} /></span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
