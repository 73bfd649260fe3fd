import type { FocusEvent } from 'react';

/**
 * Whether focus leaves a field for its form's submit button. The field is not
 * checked then: the submit checks everything, and a message appearing or going
 * now would move the button under the pointer, and the click would be lost.
 */
export function leavesForSubmit(event: FocusEvent<Element>): boolean {
  const next = event.relatedTarget as HTMLElement | null;
  return next?.getAttribute('type') === 'submit' && next.closest('form') === event.target.closest('form');
}
