'use client';

import {
  Button,
  Disclosure as AriaDisclosure,
  DisclosurePanel,
  Heading,
  type DisclosureProps as AriaDisclosureProps,
} from 'react-aria-components';
import { focusVisibleRing } from './focus-visible-ring';
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
          // The CSS focus ring, not tailwind-variants: the FAQ page is public and its JavaScript budget tight.
          className={`${focusVisibleRing} flex w-full items-center justify-between gap-4 rounded py-4 text-start font-semibold`}
        >
          {title}
          <ChevronDownIcon className="shrink-0 transition-transform group-data-[expanded]:rotate-180" />
        </Button>
      </Heading>
      <DisclosurePanel className="pb-4 text-muted">{children}</DisclosurePanel>
    </AriaDisclosure>
  );
}
