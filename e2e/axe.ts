import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA, as axe-core tests it. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Axe finds no WCAG 2.2 AA violation on the page as it is now (or in `only`,
 * a selector). Sections that fade in on scroll are checked as the reader sees
 * them: shown.
 *
 * Axe runs in the page itself (`setLegacyMode`): by default @axe-core/playwright
 * injects axe into every frame, then opens a new blank page in the context to
 * merge the frames' results, which is a second page and a third copy of axe for
 * every check (the English half of the accessibility spec: 212 s with it, 170 s
 * without, docs/TESTING.md, sixth round). The
 * default exists for cross-origin frames; the portal's pages have none (its CSP
 * says `frame-src 'none'`), so the results are the same.
 */
export async function expectAccessible(page: Page, screen: string, only?: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const axe = new AxeBuilder({ page }).withTags(WCAG).setLegacyMode();
  const results = await (only ? axe.include(only) : axe).analyze();
  const found = results.violations.map((v) => `${v.id} [${v.impact}] ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(' | ')}`);
  expect(found, `${screen} (${page.url()})`).toEqual([]);
}
