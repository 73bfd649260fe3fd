'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/** A section is revealed once its top passes 120 px above the bottom of the viewport. */
export const REVEAL_OFFSET_PX = 120;

/**
 * Fades and lifts its content in when scrolled into view (400 ms, ease; see
 * globals.css), and again each time it comes back. Nothing moves under
 * prefers-reduced-motion, and without JavaScript the content simply shows.
 */
export function ScrollReveal({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [revealed, setRevealed] = useState(true);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const observer = new IntersectionObserver(
      ([entry]) => setRevealed(Boolean(entry?.isIntersecting)),
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
