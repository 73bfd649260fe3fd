import 'server-only';

/** The site's address as the browser sees it: APP_URL when set, else the request's own host. */
export function siteOrigin(request: Request): string {
  if (process.env.APP_URL) return process.env.APP_URL.replace(/\/$/, '');
  const url = new URL(request.url);
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? url.host;
  const proto = request.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '');
  return `${proto}://${host}`;
}

/**
 * The site's address where there is no request to ask: canonical and hreflang
 * links, the sitemap, robots.txt. APP_URL when set, else this server on
 * localhost (PORT, 3000 by default). Prerendered pages read it at build time,
 * so set APP_URL for the build too (`npm start -- --rebuild`).
 */
export function publicSiteUrl(): string {
  if (process.env.APP_URL) return process.env.APP_URL.replace(/\/$/, '');
  return `http://localhost:${process.env.PORT ?? 3000}`;
}
