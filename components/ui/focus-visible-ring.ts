/**
 * The focus ring for plain elements, styled with CSS :focus-visible. Kept apart
 * from focus-ring.ts so that links on public pages do not load tailwind-variants.
 *
 * Two colours, so that one of them stands out on any background (WCAG 2.4.11,
 * 2.4.13): a white band right around the element (ring, a box-shadow) inside a
 * near-black outline. On white pages the dark outline shows; on the green hero,
 * filled buttons and dark panels the white band does; each is 3 px thick.
 */
export const focusVisibleRing =
  'outline-0 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink focus-visible:ring-3 focus-visible:ring-white';
