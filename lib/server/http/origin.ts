import 'server-only';

/**
 * The site's one configured origin, for every absolute URL the server builds:
 * payment return and webhook URLs, canonical and hreflang links, the sitemap,
 * robots.txt. APP_URL when set, else this server on localhost (PORT, 3000 by
 * default); never the request's Host or X-Forwarded-* headers, which any caller
 * can set (they once made the server post signed webhooks to any host).
 * Prerendered pages read it at build time, so set APP_URL for the build too.
 */
export function publicSiteUrl(): string {
  if (process.env.APP_URL) return process.env.APP_URL.replace(/\/$/, '');
  return `http://localhost:${process.env.PORT ?? 3000}`;
}
