// Which message namespaces reach the browser, by where the client components
// that read them are (issue 17: a page sends only what its client components
// use; server components read every message on the server). A provider nested
// inside another replaces its messages, it does not add to them, so each set
// is whole for the part of the page it wraps.

/** The frame of every page (header, account menu, live notifications, language switch, the e-mail banner, error boundaries). */
export const FRAME_NAMESPACES = ['Brand', 'LanguageSwitch', 'Errors', 'Header', 'Notifications', 'NeedsDoing', 'EmailVerification', 'Forms'] as const;

/**
 * The home page's call to action, the reason a signed-out visitor was sent
 * home, and the services' places left (read again in the browser). Only these
 * keys of `Home`: the rest of it (the services, the steps, the questions; about
 * 2.5 KB in Arabic) is written by server components.
 */
export const HOME_NAMESPACES = ['Home.apply', 'Home.continueDraft', 'Home.startNewRequest', 'Home.startRequest', 'Home.readFaqs', 'Home.signInReason', 'SignedOut', 'Places'] as const;

/** The FAQ search and accordion. */
export const FAQ_NAMESPACES = ['Faqs'] as const;

/** The sign-in and registration forms, with the validation sentences they show (lib/validation/localize.ts). */
export const AUTH_FORM_NAMESPACES = ['Auth', 'Forms', 'Validation', 'ValidationFor', 'Fields', 'Phone', 'PasswordReset', 'EmailVerification'] as const;

type Messages = Record<string, unknown>;

/** Only the named namespaces of these messages; `Namespace.key` names one key of a namespace. */
export function pickNamespaces(messages: Messages, namespaces: readonly string[]): Messages {
  const picked: Messages = {};
  for (const name of namespaces) {
    const [namespace, key] = name.split('.', 2) as [string, string | undefined];
    const whole = messages[namespace];
    if (whole === undefined) continue;
    if (key === undefined) picked[namespace] = whole;
    else if (typeof whole === 'object' && whole !== null && key in whole) {
      const keys = (picked[namespace] ??= {}) as Messages;
      keys[key] = (whole as Messages)[key];
    }
  }
  return picked;
}
