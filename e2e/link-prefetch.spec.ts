import { expect, test, type Page } from '@playwright/test';
import { IN_ENGLISH } from './helpers';

// Links prefetch their page one second after they come into view
// (components/ui/prefetch-on-sight.ts): a phone opening the home page fetches
// the pages its first screen links to, and the footer's only once the visitor
// scrolls down to it. Never the page the visitor is on.

test.use({ viewport: { width: 390, height: 844 } });

/** The pages the router has prefetched so far (RSC requests), by path. */
function watchPrefetches(page: Page) {
  const pages = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has('_rsc') && request.headers()['next-router-prefetch']) pages.add(url.pathname);
  });
  return pages;
}

const linksInView = (page: Page) =>
  page.locator('a[href^="/"]').evaluateAll((links) =>
    links.filter((link) => {
      const box = link.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
    }).map((link) => link.getAttribute('href')!),
  );

for (const locale of IN_ENGLISH) {
  test(`/${locale}: links prefetch once in view, the footer's after scrolling to it`, async ({ page }) => {
    const prefetched = watchPrefetches(page);
    await page.goto(`/${locale}`);
    const inView = new Set(await linksInView(page));
    const terms = `/${locale}/static/terms`;
    const privacy = `/${locale}/static/privacy`;
    // The footer's pages are not linked from the first screen.
    expect(inView.has(terms) || inView.has(privacy)).toBe(false);

    await expect.poll(() => [...prefetched].sort(), { timeout: 10_000 }).toEqual(expect.arrayContaining([`/${locale}/faqs`, `/${locale}/auth/login`]));
    // Another second: nothing further down has come into view, so nothing further is fetched.
    await page.waitForTimeout(1500);
    expect(prefetched.has(terms)).toBe(false);
    expect(prefetched.has(privacy)).toBe(false);
    expect(prefetched.has(`/${locale}`)).toBe(false);

    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect.poll(() => prefetched.has(terms) && prefetched.has(privacy), { timeout: 10_000 }).toBe(true);
    expect(prefetched.has(`/${locale}`)).toBe(false);
  });
}
