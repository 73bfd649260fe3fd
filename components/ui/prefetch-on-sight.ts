/**
 * When links prefetch their page: one second after a link first comes into
 * view (DESIGN section 5), and never the page the visitor is on. Links
 * further down a page (the footer, the home page's questions) wait until the
 * visitor scrolls to them, as next/link's do: a phone opening the home page
 * prefetches the pages its first screen shows, not all it links to, and its
 * main thread is not parsing pages nobody asked for while the page is coming
 * to life. The router keeps what it fetched: several links to one page cost
 * one prefetch.
 */
export const PREFETCH_DELAY_MS = 1000;

type Prefetch = () => void;

const waiting = new Map<Element, Prefetch>();
let observer: IntersectionObserver | null = null;

function onSight(entries: IntersectionObserverEntry[]) {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    const prefetch = waiting.get(entry.target);
    forget(entry.target);
    if (prefetch) window.setTimeout(prefetch, PREFETCH_DELAY_MS);
  }
}

function forget(element: Element) {
  waiting.delete(element);
  observer?.unobserve(element);
}

/** The path a link leads to, without its fragment: `/en/faqs#drafts` is the page `/en/faqs`. */
export function pageOf(target: string): string {
  const hash = target.indexOf('#');
  return hash === -1 ? target : target.slice(0, hash);
}

/**
 * Prefetches `target` one second after `element` first comes into view.
 * Answers the function that stops waiting (the link went away first).
 */
export function prefetchOnSight(element: Element, target: string, prefetch: Prefetch): () => void {
  if (pageOf(target) === window.location.pathname + window.location.search) return () => {};
  if (typeof IntersectionObserver === 'undefined') {
    // No way to know what is in view: the page's links prefetch as they did before.
    const timer = window.setTimeout(prefetch, PREFETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }
  observer ??= new IntersectionObserver(onSight);
  waiting.set(element, prefetch);
  observer.observe(element);
  return () => forget(element);
}
