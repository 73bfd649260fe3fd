'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { staffSignOut } from '@/lib/office/office-sign-in-api';

/** Ends the staff session; whatever the answer, the sign-in page follows (an ended session is signed out already). */
export function StaffSignOut() {
  const t = useTranslations('Office');
  const locale = useLocale();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        await staffSignOut().catch(() => undefined);
        // A full page load: the console's frame (rendered on the server) must show who is signed in, or no one.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign(`/${locale}/office/login`);
      }}
      className="rounded border border-white/60 px-3 py-1 text-sm font-semibold text-white focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-white"
    >
      {t('signOut')}
    </button>
  );
}
