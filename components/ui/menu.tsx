'use client';

import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  Popover,
  type MenuItemProps,
  type MenuProps,
} from 'react-aria-components';

export function Menu<T extends object>(props: MenuProps<T>) {
  return (
    <Popover placement="bottom end" className="z-menu min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
      <AriaMenu {...props} className="outline-none" />
    </Popover>
  );
}

export function MenuItem(props: MenuItemProps) {
  return (
    <AriaMenuItem
      {...props}
      className="flex cursor-default rounded-md px-3 py-2 text-sm text-ink outline-none focus:bg-brand-50 focus-visible:outline-3 focus-visible:outline-ink focus-visible:ring-3 focus-visible:ring-inset focus-visible:ring-white"
    />
  );
}
