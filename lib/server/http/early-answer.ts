import 'server-only';
import { translatorFor } from '@/lib/i18n/translator';
import type { ErrorCode } from './errors';
import { acceptedLocale } from './locale';

/**
 * An error answered by the HTTP server before Next.js sees the request (a
 * path it cannot decode, headers too large to parse): the API's error shape
 * (DESIGN section 6) on /api, a short page elsewhere, in the reader's language.
 */
export function earlyAnswer(target: string, acceptLanguage: string, code: ErrorCode) {
  const locale = acceptedLocale(acceptLanguage);
  const message = translatorFor(locale)(`ApiErrors.${code}`);
  const isApi = target.startsWith('/api/');
  const body = isApi
    ? JSON.stringify({ error: { code, message } })
    : `<!doctype html><html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><meta charset="utf-8"><title>${code}</title><p>${escapeHtml(message)}</p></html>`;
  return {
    body,
    headers: {
      'Content-Type': isApi ? 'application/json' : 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Language': locale,
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
