import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { AppLocale } from '@/i18n/routing';
import type { Translate } from '@/lib/validation/localize';

const MESSAGES = { en, ar } as const;

// One translator per locale for the life of the process: a translator keeps the
// messages it has compiled, and a new one per call compiled every message again
// (GET /notifications renders twenty rows of them).
const translators = new Map<AppLocale, Translate>();

/** A translator over all messages of a locale, usable outside React (server, tests). */
export function translatorFor(locale: AppLocale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator({ locale, messages: MESSAGES[locale] }) as unknown as Translate;
    translators.set(locale, t);
  }
  return t;
}
