'use client';

import { useTranslations } from 'next-intl';
import { useMe } from '@/lib/auth/auth-api';
import { Link } from '@/components/ui/link';

/** The signed-in user's details, fresh from the server (the store's copy shows at once). */
export function ProfileOverview() {
  const t = useTranslations('Profile');
  const { data: user } = useMe();
  if (!user) return null;
  // E-mail and phone are identifiers: left to right and in Western digits on every page (docs/digits.md).
  const rows = [
    [t('name'), user.name, false],
    [t('email'), user.email, true],
    [t('phone'), user.phone || t('none'), Boolean(user.phone)],
    [t('language'), user.locale === 'en' ? 'English' : 'العربية', false],
  ] as const;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <dl className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        {rows.map(([label, value, identifier]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="text-muted">
              {identifier ? (
                <bdi dir="ltr" data-identifier className="break-all">
                  {value}
                </bdi>
              ) : (
                <bdi>{value}</bdi>
              )}
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
