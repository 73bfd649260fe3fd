// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVEAL_OFFSET_PX, ScrollReveal } from './scroll-reveal';

type Entry = { isIntersecting: boolean; boundingClientRect: { top: number } };
type Callback = (entries: Entry[]) => void;
let observed: { callback: Callback; options?: IntersectionObserverInit } | null = null;

class FakeIntersectionObserver {
  constructor(callback: Callback, options?: IntersectionObserverInit) {
    observed = { callback, options };
  }
  observe() {}
  disconnect() {}
}

function setReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  observed = null;
});

describe('ScrollReveal', () => {
  it('hides a section until it scrolls 120 px into view, and again each time it leaves', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    setReducedMotion(false);
    render(<ScrollReveal>Our services</ScrollReveal>);
    const section = screen.getByText('Our services');
    expect(observed?.options?.rootMargin).toBe(`0px 0px -${REVEAL_OFFSET_PX}px 0px`);

    // Below the fold at load: hidden until reached.
    const below = { top: window.innerHeight + 200 };
    act(() => observed!.callback([{ isIntersecting: false, boundingClientRect: below }]));
    expect(section.dataset.revealed).toBe('false');
    act(() => observed!.callback([{ isIntersecting: true, boundingClientRect: { top: 100 } }]));
    expect(section.dataset.revealed).toBe('true');
    act(() => observed!.callback([{ isIntersecting: false, boundingClientRect: below }]));
    expect(section.dataset.revealed).toBe('false');
  });

  it('never hides a section that is on screen when the page loads, even within the last 120 px', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    setReducedMotion(false);
    render(<ScrollReveal>Our packages</ScrollReveal>);
    const section = screen.getByText('Our packages');
    act(() => observed!.callback([{ isIntersecting: false, boundingClientRect: { top: window.innerHeight - 40 } }]));
    expect(section.dataset.revealed).toBe('true');
    // Once the page is in use, it behaves as any other: scrolled away below, it waits to be reached again.
    act(() => observed!.callback([{ isIntersecting: false, boundingClientRect: { top: window.innerHeight + 10 } }]));
    expect(section.dataset.revealed).toBe('false');
  });

  it('never hides anything under prefers-reduced-motion', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    setReducedMotion(true);
    render(<ScrollReveal>How it works</ScrollReveal>);
    expect(observed).toBeNull();
    expect(screen.getByText('How it works').dataset.revealed).toBe('true');
  });
});
