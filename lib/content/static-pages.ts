/** The static pages of /static/{slug}; any other slug is a 404. */
export const STATIC_PAGES = ['about', 'terms', 'privacy', 'contact'] as const;
export type StaticPageSlug = (typeof STATIC_PAGES)[number];

export function isStaticPageSlug(slug: string): slug is StaticPageSlug {
  return (STATIC_PAGES as readonly string[]).includes(slug);
}
