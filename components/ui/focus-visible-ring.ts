/**
 * The focus ring for plain elements, styled with CSS :focus-visible. Kept apart
 * from focus-ring.ts so that links on public pages do not load tailwind-variants.
 */
export const focusVisibleRing =
  'outline-0 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
