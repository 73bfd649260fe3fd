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

/** An answer written straight to a socket (a request Node could not parse, a CONNECT): the status line, the headers, the body. */
export function rawAnswer(status: number, reason: string, headers: Record<string, string>, body: string) {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
