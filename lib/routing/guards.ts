// The route guards, named in one table so that a page or the proxy asks for
// them by name. Each answers where to send the visitor instead, or null.

export type GuardContext = {
  /** The path without its locale prefix, e.g. `/profile/requests`. */
  pathname: string;
  /** Whether the visitor carries a `session` cookie. */
  hasSession: boolean;
};

export type GuardRedirect = 'home';
export type Guard = (context: GuardContext) => GuardRedirect | null;

function hasSegment(pathname: string, segment: string): boolean {
  return pathname.split('/').includes(segment);
}

export const guards = {
  // Signed-in visitors have nothing to do on the sign-in screens.
  guest: ({ pathname, hasSession }) => (hasSession && hasSegment(pathname, 'auth') ? 'home' : null),
  // The profile area and an opening's queue (a place is an account's) are for signed-in visitors only.
  auth: ({ pathname, hasSession }) => (!hasSession && (hasSegment(pathname, 'profile') || hasSegment(pathname, 'openings')) ? 'home' : null),
} satisfies Record<string, Guard>;

export type GuardName = keyof typeof guards;

export function getGuard(name: string): Guard {
  if (!Object.hasOwn(guards, name)) {
    throw new Error(`Unknown route middleware: ${name}`);
  }
  return guards[name as GuardName];
}

/** Runs the named guards in order and returns the first redirect, if any. */
export function runGuards(names: readonly string[], context: GuardContext): GuardRedirect | null {
  for (const name of names) {
    const target = getGuard(name)(context);
    if (target) return target;
  }
  return null;
}

/** Splits `/en/profile` into the locale and the rest, when the first segment is a locale. */
export function splitLocale<L extends string>(
  pathname: string,
  locales: readonly L[],
): { locale: L; rest: string } | null {
  const [, first, ...rest] = pathname.split('/');
  const locale = locales.find((l) => l === first);
  if (!locale) return null;
  return { locale, rest: '/' + rest.join('/') };
}
