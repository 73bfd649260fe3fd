'use client';

import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { tv, type VariantProps } from 'tailwind-variants/lite';
import { focusRing } from './focus-ring';

export const buttonStyles = tv({
  extend: focusRing,
  base: 'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors cursor-default disabled:cursor-not-allowed disabled:opacity-60',
  variants: {
    variant: {
      primary: 'bg-brand-700 text-white hover:bg-brand-800 pressed:bg-brand-800',
      secondary: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
      quiet: 'text-brand-800 hover:bg-brand-50',
      danger: 'bg-red-700 text-white hover:bg-red-800',
    },
  },
  defaultVariants: { variant: 'primary' },
});

export type ButtonProps = AriaButtonProps & VariantProps<typeof buttonStyles>;

export function Button({ variant, className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (className, renderProps) =>
        buttonStyles({ ...renderProps, variant, className }),
      )}
    />
  );
}
