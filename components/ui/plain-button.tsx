'use client';

import { useEffect, useRef, type ButtonHTMLAttributes } from 'react';
import { focusVisibleRing } from './focus-visible-ring';

// The look of components/ui/button.tsx, in plain class strings: for public
// pages whose JavaScript budget has no room for react-aria's Button and
// tailwind-variants (the sign-in and registration forms).
const BASE = `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors cursor-default disabled:cursor-not-allowed disabled:opacity-60 ${focusVisibleRing}`;
const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-800',
  secondary: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
} as const;

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof VARIANTS;
  /** Working: the button keeps its focus but ignores presses, and says so (as react-aria's isPending). */
  isPending?: boolean;
};

let announcer: HTMLElement | undefined;
/** Says something once to screen readers, from a live region outside the page's content. */
function announce(text: string) {
  if (!announcer) {
    announcer = document.createElement('div');
    announcer.setAttribute('aria-live', 'assertive');
    announcer.className = 'sr-only';
    document.body.append(announcer);
  }
  announcer.textContent = '';
  const region = announcer;
  window.setTimeout(() => (region.textContent = text), 100);
}

export function PlainButton({ variant = 'primary', isPending = false, className = '', type = 'button', onClick, ...props }: Props) {
  const ref = useRef<HTMLButtonElement>(null);
  const wasPending = useRef(isPending);
  useEffect(() => {
    const button = ref.current;
    // A focused button that starts or stops working says its new label.
    if (button && wasPending.current !== isPending && document.activeElement === button) announce(button.textContent ?? '');
    wasPending.current = isPending;
  }, [isPending]);
  return (
    <button
      {...props}
      ref={ref}
      // While working, a submit button submits nothing more.
      type={isPending && type === 'submit' ? 'button' : type}
      aria-disabled={isPending || undefined}
      data-pending={isPending || undefined}
      onClick={(event) => {
        if (isPending) return event.preventDefault();
        onClick?.(event);
      }}
      className={`${BASE} ${VARIANTS[variant]} ${className}`}
    />
  );
}
