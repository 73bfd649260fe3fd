'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/** A section is revealed once its top passes 120 px above the bottom of the viewport. */
export const REVEAL_OFFSET_PX = 120;

/**
 * Fades and lifts its content in when scrolled into view (400 ms, ease; see
 * globals.css), and again each time it comes back. Nothing moves under
 * prefers-reduced-motion, and without JavaScript or on paper the content simply
 * shows. A section already on screen when the page loads is never hidden then:
 * it showed in the server's HTML, and fading it out as the page wakes made the
 * first screen change after it was drawn (Lighthouse's speed index, issue 59
 * item 9); only a section below the fold waits to be reached.
 */
export function ScrollReveal({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [revealed, setRevealed] = useState(true);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let first = true;
    const observer = new IntersectionObserver(
      ([entry]) => {
        const onScreenAtLoad = first && entry !== undefined && entry.boundingClientRect.top < window.innerHeight;
        first = false;
        if (!onScreenAtLoad) setRevealed(Boolean(entry?.isIntersecting));
      },
      { rootMargin: `0px 0px -${REVEAL_OFFSET_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={ref} className={`reveal ${className}`} data-revealed={revealed}>
      {children}
    </div>
  );
}
