'use client';

import { Tooltip as AriaTooltip, TooltipTrigger, type TooltipProps } from 'react-aria-components';

export { TooltipTrigger };

export function Tooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: React.ReactNode }) {
  return (
    <AriaTooltip {...props} offset={8} className="z-tooltip rounded-md bg-ink px-2 py-1 text-xs text-white shadow">
      {children}
    </AriaTooltip>
  );
}
