'use client';

import {
  Button,
  Disclosure as AriaDisclosure,
  DisclosurePanel,
  Heading,
  type DisclosureProps as AriaDisclosureProps,
} from 'react-aria-components';
import { focusRing } from './focus-ring';
import { ChevronDownIcon } from './icons';

export function Disclosure({
  title,
  children,
  ...props
}: Omit<AriaDisclosureProps, 'children'> & { title: React.ReactNode; children: React.ReactNode }) {
  return (
    <AriaDisclosure {...props} className="group border-b border-slate-200">
      <Heading level={3} className="m-0">
        <Button
          slot="trigger"
          className={(renderProps) =>
            focusRing({
              ...renderProps,
              className: 'flex w-full items-center justify-between gap-4 py-4 text-start font-semibold',
            })
          }
        >
          {title}
          <ChevronDownIcon className="shrink-0 transition-transform group-data-[expanded]:rotate-180" />
        </Button>
      </Heading>
      <DisclosurePanel className="pb-4 text-muted">{children}</DisclosurePanel>
    </AriaDisclosure>
  );
}
