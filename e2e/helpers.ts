import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';

export const LOCALES = [
  { locale: 'en', lang: 'en-US', dir: 'ltr', other: 'ar', switchLabel: 'العربية' },
  { locale: 'ar', lang: 'ar-EG', dir: 'rtl', other: 'en', switchLabel: 'English' },
] as const;

/** A language of the portal. */
export type Locale = 'en' | 'ar';

/**
 * The languages a browser test runs in (issue 60, item 8; docs/TESTING.md, "One language a journey").
 * A journey runs in one language: the flow, the server's answers and the focus are the same in both, and the
 * other language's words are held by cheaper tests: lib/i18n/messages-parity.test.ts (the same keys, the same
 * placeholders, no English left in Arabic) and the component tests, which render the screens in both.
 * The journeys are shared out between the two, Arabic (right to left, Arabic-Indic digits, the Hijri month
 * names) taking those that read digits, dates and money. Both only where the language is what is tested:
 * lang and dir, mirroring, fonts, axe, the language switch and negotiation, the phone widths.
 */
export const IN_BOTH: readonly Locale[] = ['en', 'ar'];
/**
 * The riyal as the console's labels name it ("Fee (SAR)", «الرسوم (ريال سعودي)»): English writes the code, as its
 * amounts do; Arabic the name in words (issue 63, item 8: "(SAR)" translated).
 */
export const CURRENCY_LABEL: Record<Locale, string> = { en: 'SAR', ar: 'ريال سعودي' };
export const IN_ARABIC: readonly Locale[] = ['ar'];
export const IN_ENGLISH: readonly Locale[] = ['en'];

/** LOCALES' entries for those languages. */
export function localesIn(languages: readonly Locale[]) {
  return LOCALES.filter((entry) => languages.includes(entry.locale));
}

/** A `session` cookie, as sign-in sets it, so that the proxy lets the profile area through. */
export async function addSessionCookie(context: BrowserContext) {
  await context.addCookies([{ name: 'session', value: 'e2e-session', url: BASE_URL }]);
}

/** The main heading of the page. */
export function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** A static page's title, as its content file (content/{locale}/pages/{slug}.md) gives it. */
export function staticPageTitle(locale: string, slug: string): string {
  const source = readFileSync(path.join(__dirname, '..', 'content', locale, 'pages', `${slug}.md`), 'utf8');
  const title = /^title:\s*(.+)$/m.exec(source)?.[1];
  if (!title) throw new Error(`content/${locale}/pages/${slug}.md has no title`);
  return title.trim();
}
