// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Entry = { target: Element; isIntersecting: boolean };
let callback: ((entries: Entry[]) => void) | null = null;
const watched = new Set<Element>();

class FakeIntersectionObserver {
  constructor(onEntries: (entries: Entry[]) => void) {
    callback = onEntries;
  }
  observe(element: Element) {
    watched.add(element);
  }
  unobserve(element: Element) {
    watched.delete(element);
  }
}

// The module keeps one observer for the page: a fresh module for each test.
async function load() {
  vi.resetModules();
  return import('./prefetch-on-sight');
}

const link = () => document.body.appendChild(document.createElement('a'));
const comesIntoView = (element: Element) => callback!([{ target: element, isIntersecting: true }]);

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/en');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  callback = null;
  watched.clear();
  document.body.replaceChildren();
});

describe('prefetchOnSight', () => {
  it('prefetches one second after the link comes into view, and not before it does', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { prefetchOnSight, PREFETCH_DELAY_MS } = await load();
    const prefetch = vi.fn();
    const footerLink = link();
    prefetchOnSight(footerLink, '/en/static/about', prefetch);

    vi.advanceTimersByTime(10 * PREFETCH_DELAY_MS);
    expect(prefetch).not.toHaveBeenCalled();

    callback!([{ target: footerLink, isIntersecting: false }]);
    vi.advanceTimersByTime(10 * PREFETCH_DELAY_MS);
    expect(prefetch).not.toHaveBeenCalled();

    comesIntoView(footerLink);
    vi.advanceTimersByTime(PREFETCH_DELAY_MS - 1);
    expect(prefetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(watched.has(footerLink)).toBe(false);

    // Scrolling past it again fetches nothing more.
    comesIntoView(footerLink);
    vi.advanceTimersByTime(10 * PREFETCH_DELAY_MS);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('never prefetches the page the visitor is on, whatever its fragment', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    window.history.replaceState(null, '', '/en/faqs');
    const { prefetchOnSight, PREFETCH_DELAY_MS } = await load();
    const prefetch = vi.fn();
    const question = link();
    prefetchOnSight(question, '/en/faqs#drafts', prefetch);
    expect(watched.has(question)).toBe(false);
    vi.advanceTimersByTime(10 * PREFETCH_DELAY_MS);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('stops waiting for a link that goes away before it is seen', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { prefetchOnSight, PREFETCH_DELAY_MS } = await load();
    const prefetch = vi.fn();
    const gone = link();
    const stop = prefetchOnSight(gone, '/en/static/terms', prefetch);
    expect(watched.has(gone)).toBe(true);
    stop();
    expect(watched.has(gone)).toBe(false);
    vi.advanceTimersByTime(10 * PREFETCH_DELAY_MS);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('without IntersectionObserver, prefetches one second after the link appears', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { prefetchOnSight, PREFETCH_DELAY_MS } = await load();
    const prefetch = vi.fn();
    prefetchOnSight(link(), '/en/static/contact', prefetch);
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('finds the page a link leads to without its fragment', async () => {
    const { pageOf } = await load();
    expect(pageOf('/ar/faqs#drafts')).toBe('/ar/faqs');
    expect(pageOf('/ar/static/about')).toBe('/ar/static/about');
  });
});
