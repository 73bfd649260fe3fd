import 'server-only';
import { isAppLocale, type AppLocale } from '@/i18n/routing';
import { requestLocale } from '@/lib/server/http/locale';

const LANGUAGE_COOKIE = /(?:^|;\s*)NEXT_LOCALE=([^;]*)/;

/**
 * The language of an export: the console's, as the link says (`locale=`);
 * else the console page the link was followed from (a download is a
 * navigation, whose Accept-Language is the browser's, not the console's);
 * else the language last chosen on the site; else the reader's.
 */
export function exportLocale(request: Request, asked: string | undefined): AppLocale {
  if (isAppLocale(asked)) return asked;
  const referrer = request.headers.get('referer');
  if (referrer) {
    try {
      const from = new URL(referrer);
      const first = from.pathname.split('/')[1];
      if (from.origin === new URL(request.url).origin && isAppLocale(first)) return first;
    } catch {
      // Not an address: ignored.
    }
  }
  const cookie = LANGUAGE_COOKIE.exec(request.headers.get('cookie') ?? '')?.[1];
  if (isAppLocale(cookie)) return cookie;
  return requestLocale(request);
}
