// Which message namespaces reach the browser, by where the client components
// that read them are (issue 17: a page sends only what its client components
// use; server components read every message on the server). A provider nested
// inside another replaces its messages, it does not add to them, so each set
// is whole for the part of the page it wraps.

/** The frame of every page (header, account menu, live notifications, language switch, the e-mail banner, error boundaries). */
export const FRAME_NAMESPACES = ['Brand', 'LanguageSwitch', 'Errors', 'Header', 'Notifications', 'NeedsDoing', 'EmailVerification', 'Forms'] as const;

/** The home page's call to action and the reason a signed-out visitor was sent home. */
export const HOME_NAMESPACES = ['Home', 'SignedOut'] as const;

/** The FAQ search and accordion. */
export const FAQ_NAMESPACES = ['Faqs'] as const;

/** The sign-in and registration forms, with the validation sentences they show (lib/validation/localize.ts). */
export const AUTH_FORM_NAMESPACES = ['Auth', 'Forms', 'Validation', 'ValidationFor', 'Fields', 'Phone', 'PasswordReset', 'EmailVerification'] as const;

type Messages = Record<string, unknown>;

/** Only the named namespaces of these messages. */
export function pickNamespaces(messages: Messages, namespaces: readonly string[]): Messages {
  return Object.fromEntries(namespaces.filter((name) => name in messages).map((name) => [name, messages[name]]));
}
