// @ts-check
// Plain JavaScript: `next start` reads this file again, and a configuration in
// TypeScript would make it load Next.js's compiler (about 26 MB resident for
// the server's whole life) only to read it.
import nextConstants from 'next/constants.js';
import { API_CSP, staticSecurityHeaders } from './lib/security/static-headers.mjs';

// One id per build; the client compares it with GET /api/build to notice a
// new deployment (see components/layout/build-watcher.tsx).
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const builtAt = new Date().toISOString();

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Loaded from node_modules at run time: PGlite ships WebAssembly and data files;
  // the thumbnails' worker draws PDFs with pdf.js on @napi-rs/canvas, a native addon.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'ioredis', 'firebase-admin', 'web-push', 'pdfjs-dist', '@napi-rs/canvas'],
  generateBuildId: async () => buildId,
  // On every answer; the pages' CSP comes from proxy.ts (a nonce per request).
  // `next build` and `next start` run with NODE_ENV=production: HSTS there, not in `next dev`.
  async headers() {
    return [
      { source: '/:path*', headers: staticSecurityHeaders({ production: process.env.NODE_ENV === 'production' }) },
      // The API reference page (/api/docs) sends its own policy (API_DOCS_CSP): it runs Redoc.
      { source: '/api/:path((?!docs(?:/|$)).*)', headers: [{ key: 'Content-Security-Policy', value: API_CSP }] },
      // The public folders skip proxy.ts; their files run nothing, and a 404 page there runs nothing either.
      { source: '/:folder(fonts|icons)/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CSP }] },
      // The faces in public/fonts carry their version in their names: kept for a year.
      { source: '/fonts/:file*', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    ];
  },
  // `npm test` builds right after tsc has checked the same files, and says so (scripts/test-all.mjs): the build's
  // own check took 46 s of a 2:31 build on a slow machine. Every other build checks the types as usual.
  typescript: { ignoreBuildErrors: process.env.NEXT_TYPES_CHECKED === '1' },
  // Turbopack keeps a cache of the build in .next for the next build (on by default since 16.4). A CI run builds
  // once in a fresh clone and throws it away: writing it took 23 s there. Kept everywhere else.
  experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
  env: {
    NEXT_PUBLIC_BUILD_ID: buildId,
    NEXT_PUBLIC_BUILT_AT: builtAt,
  },
};

/**
 * next-intl's plugin: where the request config lives, and the messages compiled at build time.
 * @param {import('next').NextConfig} config
 */
async function withNextIntl(config) {
  const { default: createNextIntlPlugin } = await import('next-intl/plugin');
  return createNextIntlPlugin({
    requestConfig: './i18n/request.ts',
    experimental: {
      // Messages compiled at build time: the browser then needs only a small
      // formatter, not the ICU parser (about 12 KB gzipped on every page).
      messages: { path: './messages', format: 'json', locales: 'infer', precompile: true },
    },
  })(config);
}

// The plugin changes only how the app is compiled (aliases, loaders for the
// messages): `next start` serves a finished build without it, and so without
// loading the plugin's own compiler (@swc/core) and file watcher, about 15 MB
// resident for nothing.
/** @param {string} phase */
export default async function config(phase) {
  return phase === nextConstants.PHASE_PRODUCTION_SERVER ? nextConfig : withNextIntl(nextConfig);
}
