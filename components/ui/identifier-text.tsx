import type { ReactNode } from 'react';

/**
 * For `t.rich`: the example phone numbers of a hint are identifiers, shown in
 * Western digits and left to right on Arabic pages too (docs/DIGITS.md).
 */
export const identifierTags = {
  phone: (chunks: ReactNode) => (
    <bdi dir="ltr" data-identifier>
      {chunks}
    </bdi>
  ),
};
