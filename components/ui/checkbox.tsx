'use client';

import { Checkbox as AriaCheckbox, type CheckboxProps } from 'react-aria-components';
import { focusRing } from './focus-ring';

export function Checkbox({ children, ...props }: Omit<CheckboxProps, 'children'> & { children: React.ReactNode }) {
  return (
    <AriaCheckbox {...props} className="group flex items-center gap-2 text-sm">
      {({ isSelected, isFocusVisible }) => (
        <>
          <span
            className={`flex size-5 shrink-0 items-center justify-center rounded border-2 border-brand-700 ${isSelected ? 'bg-brand-700 text-white' : 'bg-white'} ${focusRing({ isFocusVisible })}`}
          >
            {isSelected && (
              <svg viewBox="0 0 18 18" className="size-3.5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3">
                <polyline points="2 9 7 14 16 4" />
              </svg>
            )}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
