'use client';

import { useMemo } from 'react';
import { useLocale, useTimeZone } from 'next-intl';
import { requestFormats } from '@/lib/i18n/formats';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';

/** The request screens' formats for the page language and the app's time zone. */
export function useFormats() {
  const locale = useLocale();
  // The app sets the office's time zone (i18n/request.ts): the office's dates.
  const timeZone = useTimeZone() ?? OFFICE_TIME_ZONE;
  return useMemo(() => requestFormats(locale, timeZone), [locale, timeZone]);
}
