import type { BrowserContext, Page } from '@playwright/test';

/**
 * Registers a new account through the API (which also sets the session
 * cookie in this browser context) and signs the page's store in, as the
 * register screen would.
 */
export async function signUp(context: BrowserContext, page: Page, locale: string, name = 'Aisha Rahman') {
  const email = `pilgrim.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await context.request.post('/api/v1/auth/register', {
    data: { name, email, password: 'Labbaik#2026', password_confirmation: 'Labbaik#2026' },
  });
  const { data, token } = await response.json();
  await page.goto(`/${locale}`);
  await page.evaluate(
    ([userData, token]) =>
      localStorage.setItem('auth', JSON.stringify({ state: { userData, token, unreadNotifications: false, payment_status: null }, version: 0 })),
    [data, token] as const,
  );
  return { token: token as string, email };
}

/** A Hijri date (DD-MM-YYYY, Umm al-Qura) some days from today. */
export function hijriInDays(days: number): string {
  const parts = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Asia/Riyadh' }).formatToParts(
    new Date(Date.now() + days * 86_400_000),
  );
  const get = (type: string) => parts.find((p) => p.type === type)!.value.replace(/\D/g, '');
  return `${get('day').padStart(2, '0')}-${get('month').padStart(2, '0')}-${get('year')}`;
}

export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
