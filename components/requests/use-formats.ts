'use client';

import { useMemo } from 'react';
import { useLocale, useTimeZone } from 'next-intl';
import { requestFormats } from '@/lib/requests/formats';

/** The request screens' formats for the page language and the app's time zone. */
export function useFormats() {
  const locale = useLocale();
  // The app sets Asia/Riyadh (i18n/request.ts): the office's dates.
  const timeZone = useTimeZone() ?? 'Asia/Riyadh';
  return useMemo(() => requestFormats(locale, timeZone), [locale, timeZone]);
}
