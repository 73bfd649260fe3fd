'use client';

import { useFormats } from '@/lib/i18n/use-formats';

/** A DD-MM-YYYY Hijri answer as a date with its Gregorian equivalent; text that is no date shows as typed. */
export function HijriAnswer({ value }: { value: string }) {
  const date = useFormats().hijriAnswer(value);
  if (!date) return <bdi dir="ltr">{value}</bdi>;
  return (
    <span className="flex flex-col">
      <span>{date.hijri}</span>
      <span className="text-sm text-muted">{date.gregorian}</span>
    </span>
  );
}
