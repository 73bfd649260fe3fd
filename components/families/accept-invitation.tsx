'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { ApiClientError } from '@/lib/api-client';
import { useAcceptInvitation } from '@/lib/families/families-api';
import { useAuthStore } from '@/lib/auth/auth-store';
import { Button } from '@/components/ui/button';

/**
 * Takes up the invitation of the e-mail's link for the signed-in account, when
 * asked (a link opened is never an answer by itself), then opens the
 * companion's part. A refusal says why in the page's language (another
 * address, a link no longer valid) and what to do.
 */
export function AcceptInvitation() {
  const t = useTranslations('Families');
  const token = useSearchParams().get('token') ?? '';
  const email = useAuthStore((s) => s.userData?.email);
  const router = useRouter();
  const accept = useAcceptInvitation();
  const failure = accept.error instanceof ApiClientError ? accept.error.message : accept.error ? t('offline') : null;

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <p>{t('acceptAs', { email: `\u2068${email ?? ''}\u2069` })}</p>
      {failure && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-900">
          {failure}
        </p>
      )}
      <Button
        className="mt-4"
        isDisabled={!token}
        isPending={accept.isPending}
        onPress={() => accept.mutate(token, { onSuccess: (accepted) => router.push(`/profile/shared/${accepted.request_id}`) })}
      >
        {t('accept')}
      </Button>
    </div>
  );
}
