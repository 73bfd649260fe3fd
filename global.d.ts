import type { routing } from '@/i18n/routing';
import type messages from '@/messages/en.json';

// next-intl checks every message key and the locale against these (issue 39 item 5): a key that is not in
// messages/en.json fails to compile, and lib/i18n/messages-parity.ts holds messages/ar.json to the same keys.
// Keys made of data (an office's package, a gateway's reason) go through lib/i18n/data-keys.ts.
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
