/**
 * Where to go after signing in: the `next` path when it is a path of this site
 * (never another site: `//evil.example` and `https://…` are refused), else home.
 */
export function returnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  return next;
}
