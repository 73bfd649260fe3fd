import { isAppLocale } from '@/i18n/routing';

// Long enough for any page of the site with its query; a longer `next` is not one of ours.
const MAX_LENGTH = 2048;

/**
 * Where to go after signing in: the `next` parameter when it resolves, as the
 * browser itself would resolve it, to a page of this site under a locale
 * (`/en/...`, `/ar/...`); anything else goes to the localized home.
 *
 * Resolving with `new URL(next, origin)` and comparing origins, rather than
 * looking at the text, is what catches the tricks: the URL parser drops tabs
 * and newlines (`/\t/evil.example` becomes `//evil.example`), reads `\` as
 * `/`, and knows `javascript:`, `https:` and every other scheme. The answer
 * is rebuilt from the parsed path, so it always starts with `/{locale}`.
 */
export function returnPath(next: string | null | undefined, { origin, locale }: { origin: string; locale: string }): string {
  const home = `/${locale}`;
  if (!next || next.length > MAX_LENGTH) return home;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return home;
  }
  if (url.origin !== new URL(origin).origin) return home;
  const first = url.pathname.split('/')[1];
  if (!isAppLocale(first)) return home;
  return `${url.pathname}${url.search}${url.hash}`;
}
