import { tv } from 'tailwind-variants';

/** The one visible focus ring, shown for keyboard focus only. */
export const focusRing = tv({
  base: 'outline outline-offset-2 outline-brand-700',
  variants: {
    isFocusVisible: { false: 'outline-0', true: 'outline-3' },
  },
});

/** The same ring for plain elements styled with CSS :focus-visible. */
export const focusVisibleRing =
  'outline-0 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
