import type { BrowserContext, Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';

export const LOCALES = [
  { locale: 'en', lang: 'en-US', dir: 'ltr', other: 'ar', switchLabel: 'العربية' },
  { locale: 'ar', lang: 'ar-EG', dir: 'rtl', other: 'en', switchLabel: 'English' },
] as const;

/** A `session` cookie, as sign-in sets it, so that the proxy lets the profile area through. */
export async function addSessionCookie(context: BrowserContext) {
  await context.addCookies([{ name: 'session', value: 'e2e-session', url: BASE_URL }]);
}

/** The main heading of the page. */
export function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}
