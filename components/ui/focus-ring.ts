import { tv } from 'tailwind-variants/lite';

/** The one visible focus ring, shown for keyboard focus only. */
export const focusRing = tv({
  base: 'outline outline-offset-2 outline-brand-700',
  variants: {
    isFocusVisible: { false: 'outline-0', true: 'outline-3' },
  },
});

export { focusVisibleRing } from './focus-visible-ring';
