import { expect, test, type APIRequestContext } from '@playwright/test';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import en from '../messages/en.json';
import ar from '../messages/ar.json';
import { STATIC_PAGES } from '../lib/content/static-pages';

// An address that names no page must not be written to disk (security issue,
// item 2): each unknown /{locale}/static/<slug> was rendered and kept in
// Next.js's page cache (7 files, about 100 KB a slug), so anonymous requests
// could fill the disk. The e2e server serves the build in this folder
// (playwright.config.ts: `node scripts/start.mjs --rebuild` here), so its page
// cache is read where it is written: `.next/server` (Next.js 16 keeps what it
// renders at run time in `.next/server/route-cache/…`, beside the build's own
// `.next/server/app`) and `.next/cache`.

const CACHE_FOLDERS = ['.next/server', '.next/cache'];
// Files Next.js writes while it works, not pages: its compiler's own cache.
const NOT_PAGES = /^\.next\/cache\/turbopack\//;

type Listing = Map<string, number>;

// The public pages (lib/routing/static-pages.ts), written out: the ones Next.js may keep.
const PUBLIC_PAGES = new Set(
  ['en', 'ar'].flatMap((locale) => ['', '/faqs', '/auth/login', '/auth/register', ...STATIC_PAGES.map((slug) => `/static/${slug}`)].map((page) => `/${locale}${page}`)),
);

function listFiles(): Listing {
  const files: Listing = new Map();
  const walk = (folder: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!NOT_PAGES.test(full)) files.set(full, statSync(full).size);
    }
  };
  for (const folder of CACHE_FOLDERS) walk(folder);
  return files;
}

/** The page address a cache file is kept for (`…/APP_PAGE/<hash>/$/en/faqs.segments/…` → `/en/faqs`), or null. */
function pageOf(file: string): string | null {
  const match = /\/\$(\/[^]*?)?(?:\.html|\.rsc|\.meta|\.segments\/.*|\.prefetch\.rsc|\.body)$/.exec(file.split(path.sep).join('/'));
  return match ? (match[1] ?? '/') : null;
}

/**
 * What appeared on disk between two listings, less what belongs to a public page
 * (lib/routing/static-pages.ts): other tests, running beside this one, visit
 * those for the first time and Next.js keeps them, as it should.
 */
function grown(before: Listing, after: Listing) {
  const added = [...after].filter(([file]) => !before.has(file));
  const unexpected = added.filter(([file]) => {
    const page = pageOf(file);
    return page === null || !PUBLIC_PAGES.has(page);
  });
  return { added: added.length, unexpected: unexpected.map(([file]) => file), bytes: unexpected.reduce((sum, [, size]) => sum + size, 0) };
}

/** The text of the server's HTML, without its scripts (the React payload) or tags. */
function serverText(html: string) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');
}

const PREFIX = {
  en: en.Errors.invalidParam.message.replace(/<ltr>\{path\}<\/ltr>$/, ''),
  ar: ar.Errors.invalidParam.message.replace(/<ltr>\{path\}<\/ltr>$/, ''),
} as const;

async function get(request: APIRequestContext, address: string) {
  // A browser's request, as an anonymous visitor sends it: no cookie.
  const response = await request.get(address, { maxRedirects: 0, headers: { accept: 'text/html', 'accept-language': 'en' } });
  return { status: response.status(), html: await response.text(), headers: response.headers() };
}

test('unknown static pages are 404s that say the path in the server HTML and write nothing to disk', async ({ request }) => {
  test.setTimeout(120_000);
  const probe = `probe-${Date.now().toString(36)}`;
  const before = listFiles();
  for (const locale of ['en', 'ar'] as const) {
    for (let i = 0; i < 20; i += 1) {
      const address = `/${locale}/static/${probe}-${i}`;
      const answer = await get(request, address);
      expect.soft(answer.status, address).toBe(404);
      // Said by the server, not only drawn by the browser after load.
      expect.soft(serverText(answer.html), address).toContain(`${PREFIX[locale]}${address}`);
      // Never kept by a shared cache either.
      expect.soft(answer.headers['cache-control'] ?? '', address).not.toMatch(/\bpublic\b|s-maxage/);
    }
  }
  const after = listFiles();
  const growth = grown(before, after);
  console.log(`page cache: ${before.size} files before, ${after.size} after; ${growth.unexpected.length} files (${growth.bytes} bytes) for addresses that are not public pages`);
  const forProbe = [...after.keys()].filter((file) => file.includes(probe));
  expect(forProbe.length, `files written for the unknown slugs, e.g. ${forProbe.slice(0, 3).join(', ')}`).toBe(0);
  expect(growth.unexpected, 'files written for addresses that are not public pages').toEqual([]);
});

// The paths the proxy does not see (the API, Next.js's files, the public
// folders, the development endpoints) reach the same prerendered routes with
// their first segment taken for a language.
test('addresses outside the two languages write nothing to disk either', async ({ request }) => {
  test.setTimeout(120_000);
  const probe = `probe${Date.now().toString(36)}`;
  const addresses = [
    `/xx/static/${probe}`,
    `/en/${probe}`,
    `/ar/${probe}/deeper`,
    `/fonts/static/${probe}`,
    `/_next/static/${probe}`,
    `/_vercel/static/${probe}`,
    `/__nextjs_${probe}`,
    `/__nextjs_${probe}/faqs`,
    `/__nextjs_${probe}/auth/login`,
    `/__nextjs_${probe}/auth/register`,
    `/__nextjs_${probe}/static/about`,
    '/fonts',
    '/icons/faqs',
    '/_next/auth/login',
    '/_vercel/auth/register',
    '/api/auth/register',
    '/api/faqs',
  ];
  const before = listFiles();
  for (const address of addresses) {
    const answer = await get(request, address);
    // A redirect to the visitor's language (the proxy), or a 404; never a page, never an error.
    expect.soft([301, 302, 307, 308, 404], `${address} answered ${answer.status}`).toContain(answer.status);
  }
  const growth = grown(before, listFiles());
  console.log(`page cache: ${growth.unexpected.length} files (${growth.bytes} bytes) written for ${addresses.length} addresses outside the two languages`);
  expect(growth.unexpected, 'files written for addresses that are not public pages').toEqual([]);
});
