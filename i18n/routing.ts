import { defineRouting } from 'next-intl/routing';

// The one place that knows the locales. `iso` and `dir` feed <html lang dir>.
export const localeInfo = {
  en: { iso: 'en-US', dir: 'ltr' },
  ar: { iso: 'ar-EG', dir: 'rtl' },
} as const;

export type AppLocale = keyof typeof localeInfo;

export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export const routing = defineRouting({
  locales: ['en', 'ar'],
  defaultLocale: 'ar',
  localePrefix: 'always',
  localeCookie: {
    name: 'NEXT_LOCALE',
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: 'lax',
    path: '/',
  },
  // The <link rel=alternate> header is added by the pages' metadata instead.
  alternateLinks: false,
});

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && value in localeInfo;
}
