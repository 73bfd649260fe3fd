import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import type { AppLocale } from '@/i18n/routing';
import type { Translate } from '@/lib/validation/localize';

const MESSAGES = { en, ar } as const;

/** A translator over all messages of a locale, usable outside React (server, tests). */
export function translatorFor(locale: AppLocale): Translate {
  return createTranslator({ locale, messages: MESSAGES[locale] }) as unknown as Translate;
}
