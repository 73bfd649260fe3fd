import 'server-only';
import { translatorFor } from '@/lib/i18n/translator';
import { requestLocale } from './locale';

/** The reader's language and a translator for it. */
export function readerOf(request: Request) {
  const locale = requestLocale(request);
  return { locale, t: translatorFor(locale) };
}
