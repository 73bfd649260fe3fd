import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { expect, type BrowserContext, type Page } from '@playwright/test';

// The axe-core that @axe-core/playwright brings (its own version, not the one other packages bring to the top of
// node_modules): the rules are the ones this spec has always run.
const { source: axeSource } = createRequire(require.resolve('@axe-core/playwright'))('axe-core') as { source: string };

/** WCAG 2.2 AA, as axe-core tests it. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// axe-core, set up as @axe-core/playwright sets it up for a page without frames from other origins (legacy mode).
const AXE = `${axeSource}
;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/**
 * axe-core in every page of `context` from the start of each document, as a script of the browser's own (the
 * page's CSP does not apply to it): for a context that checks many pages. Sent over the DevTools protocol at each
 * check instead, its 600 kB cost about a second a screen; @axe-core/playwright sent it twice a check
 * (docs/TESTING.md, thirteenth round).
 */
export async function withAxe(context: BrowserContext) {
  await context.addInitScript({ content: AXE });
}

/**
 * Axe finds no WCAG 2.2 AA violation on the page as it is now (or in `only`,
 * a selector). Sections that fade in on scroll are checked as the reader sees
 * them: shown.
 *
 * Axe runs in the page itself, as @axe-core/playwright's legacy mode (`setLegacyMode`) ran it: by default that
 * package injects axe into every frame, then opens a new blank page in the context to merge the frames' results,
 * which is a second page and a third copy of axe for every check (the English half of the accessibility spec: 212 s
 * with it, 170 s without, docs/TESTING.md, sixth round). The default exists for cross-origin frames; the portal's
 * pages have none (its CSP says `frame-src 'none'`), so the results are the same. The same call as that package's
 * (`axe.run` with the WCAG tags as `runOnly`), without its second injection of axe at each check: a page of a
 * context set up with `withAxe` has it already, any other page gets it once.
 */
export async function expectAccessible(page: Page, screen: string, only?: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(
    async ({ tags, only }) => {
      const { axe } = window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } };
      const results = await axe.run(only ? { include: [only] } : document, { runOnly: { type: 'tag', values: tags } });
      return results.violations.map((v) => `${v.id} [${v.impact}] ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(' | ')}`);
    },
    { tags: WCAG, only },
  );
  expect(found, `${screen} (${page.url()})`).toEqual([]);
}
