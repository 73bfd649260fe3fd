'use client';

import { useEffect, useState } from 'react';

/**
 * A stored mobile number (E.164) in the international format, "+966 50 123 4567".
 * libphonenumber-js is loaded after the page, so that the details page does
 * not carry it on first load; until then the number shows as stored.
 */
export function PhoneAnswer({ value }: { value: string }) {
  const [formatted, setFormatted] = useState<{ value: string; text: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import('@/lib/validation/phone').then(({ internationalPhone }) => {
      if (current) setFormatted({ value, text: internationalPhone(value) });
    });
    return () => {
      current = false;
    };
  }, [value]);
  // An identifier: always in Western digits (docs/DIGITS.md).
  return <bdi dir="ltr" data-identifier>{formatted?.value === value ? formatted.text : value}</bdi>;
}
