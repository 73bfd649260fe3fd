'use client';

import { useEffect, useRef } from 'react';

/**
 * Focus for an element that appears after an action (a confirmation, the
 * outcome of a move), once, when it mounts: the control that was pressed is
 * often gone, and focus must not fall back to the page's start. A callback
 * ref would focus it again at every render, pulling focus from wherever the
 * keyboard went next.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
