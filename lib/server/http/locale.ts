import 'server-only';
import { routing, type AppLocale } from '@/i18n/routing';

/** The answer's language: the best supported Accept-Language entry, else the default (Arabic). */
export function requestLocale(request: Request): AppLocale {
  return acceptedLocale(request.headers.get('accept-language') ?? '');
}

/** The best supported entry of an Accept-Language header, else the default (Arabic). */
export function acceptedLocale(header: string): AppLocale {
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.base && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const match = ranked.find((entry) => (routing.locales as readonly string[]).includes(entry.base));
  return (match?.base as AppLocale | undefined) ?? routing.defaultLocale;
}
