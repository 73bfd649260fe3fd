'use client';

import { Switch as AriaSwitch, type SwitchProps } from 'react-aria-components';
import { focusRing } from './focus-ring';

/** An on/off switch; the thumb moves towards the end side, so it mirrors in right-to-left pages. */
export function Switch({ children, ...props }: Omit<SwitchProps, 'children'> & { children: React.ReactNode }) {
  return (
    <AriaSwitch {...props} className="group flex items-center gap-3 font-semibold data-[disabled]:opacity-60">
      {({ isSelected, isFocusVisible }) => (
        <>
          <span
            className={`flex h-7 w-12 shrink-0 items-center rounded-full border-2 p-0.5 transition-colors ${isSelected ? 'border-brand-700 bg-brand-700' : 'border-slate-400 bg-slate-200'} ${focusRing({ isFocusVisible })}`}
          >
            <span
              className={`size-5 rounded-full bg-white shadow transition-transform ${isSelected ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0'}`}
            />
          </span>
          {children}
        </>
      )}
    </AriaSwitch>
  );
}
