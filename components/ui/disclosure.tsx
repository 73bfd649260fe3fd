'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { focusVisibleRing } from './focus-visible-ring';
import { ChevronDownIcon } from './icons';

type Props = {
  /** The panel's id stem; the trigger and the panel get `${id}-trigger` and `${id}-panel`. */
  id: string;
  title: ReactNode;
  isExpanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  children: ReactNode;
};

/**
 * A question and its answer that opens and closes: a heading whose button
 * controls the panel (aria-expanded, aria-controls), the panel a group named
 * by the button. In plain HTML, not react-aria's Disclosure: the FAQ page is
 * public and its JavaScript budget tight. As react-aria's, a closed panel is
 * `hidden="until-found"` once the page runs, so that the browser's
 * find-in-page reaches closed answers and opens them. The padding sits inside
 * the panel: a closed panel takes no room either way, and nothing moves.
 */
export function Disclosure({ id, title, isExpanded, onExpandedChange, children }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const onChange = useRef(onExpandedChange);
  useEffect(() => {
    onChange.current = onExpandedChange;
  });

  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    if (isExpanded) element.removeAttribute('hidden');
    else element.setAttribute('hidden', 'until-found');
  }, [isExpanded]);

  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    // Find-in-page matched text in the closed panel: the browser shows it; open it for good.
    const open = () => onChange.current(true);
    element.addEventListener('beforematch', open);
    return () => element.removeEventListener('beforematch', open);
  }, []);

  return (
    <div className="group border-b border-slate-200" data-expanded={isExpanded || undefined}>
      <h3 className="m-0">
        <button
          type="button"
          slot="trigger"
          id={`${id}-trigger`}
          aria-expanded={isExpanded}
          aria-controls={`${id}-panel`}
          onClick={() => onExpandedChange(!isExpanded)}
          className={`${focusVisibleRing} flex w-full items-center justify-between gap-4 rounded py-4 text-start font-semibold`}
        >
          {title}
          <ChevronDownIcon className="shrink-0 transition-transform group-data-[expanded]:rotate-180" />
        </button>
      </h3>
      <div ref={panel} id={`${id}-panel`} role="group" aria-labelledby={`${id}-trigger`} aria-hidden={!isExpanded} hidden={!isExpanded}>
        <div className="pb-4 text-muted">{children}</div>
      </div>
    </div>
  );
}
