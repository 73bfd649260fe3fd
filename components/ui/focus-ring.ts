import { tv } from 'tailwind-variants/lite';

/** The one visible focus ring, shown for keyboard focus only; its two colours are explained in focus-visible-ring.ts. */
export const focusRing = tv({
  base: 'outline outline-offset-3 outline-ink',
  variants: {
    isFocusVisible: { false: 'outline-0', true: 'outline-3 ring-3 ring-white' },
  },
});

export { focusVisibleRing } from './focus-visible-ring';
