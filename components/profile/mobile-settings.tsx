'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { meQueryKey, useMe } from '@/lib/auth/auth-api';
import { confirmMobileCode, fetchSmsPreferences, saveSmsPreferences, sendMobileCode } from '@/lib/auth/mobile-api';
import type { SmsPreferences } from '@/lib/contract/accounts';
import { SMS_KINDS } from '@/lib/notifications/sms-kinds';
import { Switch } from '@/components/ui/switch';
import { PlainButton } from '@/components/ui/plain-button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { SignInField } from '@/components/auth/sign-in-field';
import { useSignInForm, type CheckForm } from '@/components/auth/use-sign-in-form';
import { PhoneAnswer } from '@/components/requests/phone-answer';

const preferencesKey = ['me', 'sms-preferences'] as const;

const loadMobileRules = () =>
  Promise.all([import('@/lib/auth/sign-in-rules'), import('@/lib/auth/mobile-rules')]).then(
    ([m, r]): CheckForm => (values) => m.checkForm(r.mobileFormRules, values),
  );
const loadCodeRules = () =>
  Promise.all([import('@/lib/auth/sign-in-rules'), import('@/lib/auth/mobile-rules')]).then(
    ([m, r]): CheckForm => (values) => m.checkForm(r.mobileCodeFormRules, values),
  );

/**
 * The account's mobile number (issue 62): whether it is confirmed, a code texted to it and typed here to confirm
 * it, another number, and which notices come by text message too.
 */
export function MobileSettings() {
  const t = useTranslations('MobileSettings');
  const { data: user } = useMe();
  // A code was sent to this number in this visit: the code's form shows, until it is confirmed.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [another, setAnother] = useState(false);
  const [confirmedNow, setConfirmedNow] = useState(false);
  if (!user) return null;
  const phone = user.phone ?? null;
  const confirmed = Boolean(phone && user.mobile_confirmed);
  return (
    <section aria-labelledby="mobile-settings-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="mobile-settings-title" className="text-lg font-bold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('intro')}</p>
      <p className="mt-3">
        {phone ? (
          <>
            {t.rich('number', { phone: () => <PhoneAnswer value={phone} /> })}{' '}
            <span className={`ms-2 rounded-full px-2 py-0.5 text-sm font-semibold ${confirmed ? 'bg-brand-50 text-brand-800' : 'bg-sand-100 text-ink'}`}>
              {confirmed ? t('confirmed') : t('unconfirmed')}
            </span>
          </>
        ) : (
          t('none')
        )}
      </p>
      <p role="status" className="mt-2 min-h-5 text-sm font-medium text-brand-800">
        {confirmedNow && confirmed && phone ? t.rich('done', { phone: () => <PhoneAnswer value={phone} /> }) : ''}
      </p>
      {sentTo && !confirmed ? (
        <CodeForm
          phone={sentTo}
          onConfirmed={() => {
            setSentTo(null);
            setAnother(false);
            setConfirmedNow(true);
          }}
          onAnother={() => {
            setSentTo(null);
            setAnother(true);
          }}
        />
      ) : !confirmed || another ? (
        <NumberForm
          initial={another ? '' : (phone ?? '')}
          onSent={(to) => {
            setConfirmedNow(false);
            setSentTo(to);
          }}
        />
      ) : (
        <PlainButton variant="secondary" className="mt-2" onClick={() => setAnother(true)}>
          {t('another')}
        </PlainButton>
      )}
      <SmsKinds enabled={confirmed} />
    </section>
  );
}

function NumberForm({ initial, onSent }: { initial: string; onSent: (phone: string) => void }) {
  const t = useTranslations('MobileSettings');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const { field, summary, attempt, onSubmit } = useSignInForm(loadMobileRules, { mobile: initial });
  const submit = onSubmit(async (values) => {
    setPending(true);
    try {
      const sent = await sendMobileCode(values.mobile!);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      onSent(sent.phone);
    } finally {
      setPending(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex max-w-md flex-col gap-4">
      <ErrorSummary errors={summary} formId="mobile-number" attempt={attempt} />
      <SignInField formId="mobile-number" {...field('mobile')} type="tel" inputMode="tel" autoComplete="tel" label={t('mobile')} dir="ltr" />
      <PlainButton type="submit" isPending={pending} className="self-start">
        {pending ? t('sending') : t('send')}
      </PlainButton>
    </form>
  );
}

function CodeForm({ phone, onConfirmed, onAnother }: { phone: string; onConfirmed: () => void; onAnother: () => void }) {
  const t = useTranslations('MobileSettings');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const { field, summary, attempt, onSubmit } = useSignInForm(loadCodeRules, { code: '' });
  const submit = onSubmit(async (values) => {
    setPending(true);
    try {
      const user = await confirmMobileCode(values.code!);
      queryClient.setQueryData(meQueryKey, user);
      onConfirmed();
    } finally {
      setPending(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex max-w-md flex-col gap-4">
      <p role="status">{t.rich('sent', { phone: () => <PhoneAnswer value={phone} /> })}</p>
      <ErrorSummary errors={summary} formId="mobile-code" attempt={attempt} />
      <SignInField formId="mobile-code" {...field('code')} type="text" inputMode="numeric" autoComplete="one-time-code" label={t('code')} dir="ltr" />
      <div className="flex flex-wrap gap-3">
        <PlainButton type="submit" isPending={pending}>
          {pending ? t('confirming') : t('confirm')}
        </PlainButton>
        <PlainButton variant="secondary" onClick={onAnother}>
          {t('another')}
        </PlainButton>
      </div>
    </form>
  );
}

/** Which notices come by text message too: a switch per kind, usable once the number is confirmed. */
function SmsKinds({ enabled }: { enabled: boolean }) {
  const t = useTranslations('SmsSettings');
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: preferencesKey, queryFn: fetchSmsPreferences });
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function change(next: SmsPreferences) {
    setStatus(null);
    queryClient.setQueryData(preferencesKey, next);
    try {
      queryClient.setQueryData(preferencesKey, await saveSmsPreferences(next));
      setStatus({ ok: true, text: t('saved') });
    } catch {
      queryClient.setQueryData(preferencesKey, data);
      setStatus({ ok: false, text: t('saveFailed') });
    }
  }

  return (
    <div className="mt-6">
      <h3 className="font-bold">{t('title')}</h3>
      <p className="mt-1 text-sm text-muted">{enabled ? t('intro') : t('needsConfirmed')}</p>
      <div className="mt-3 flex flex-col gap-3">
        {SMS_KINDS.map((kind) => (
          <Switch key={kind} isSelected={data?.[kind] ?? true} isDisabled={!data || !enabled} onChange={(on) => data && void change({ ...data, [kind]: on })}>
            {t(kind)}
          </Switch>
        ))}
      </div>
      <p role="status" className={`mt-2 min-h-5 text-sm ${status?.ok === false ? 'font-medium text-red-700' : 'text-muted'}`}>
        {status?.text}
      </p>
    </div>
  );
}
