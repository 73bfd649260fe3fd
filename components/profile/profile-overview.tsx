'use client';

import { useTranslations } from 'next-intl';
import { useMe } from '@/lib/auth/auth-api';
import { Link } from '@/components/ui/link';

/** The signed-in user's details, fresh from the server (the store's copy shows at once). */
export function ProfileOverview() {
  const t = useTranslations('Profile');
  const { data: user } = useMe();
  if (!user) return null;
  const rows = [
    [t('name'), user.name],
    [t('email'), user.email],
    [t('phone'), user.phone || t('none')],
    [t('language'), user.locale === 'en' ? 'English' : 'العربية'],
  ] as const;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <dl className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="text-muted">
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <Link href="/profile/edit" className="mt-6 inline-block rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
        {t('edit')}
      </Link>
    </div>
  );
}
