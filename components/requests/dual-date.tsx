'use client';

import { useFormats } from '@/lib/i18n/use-formats';

/** A moment in the Hijri calendar, with its Gregorian date beneath. */
export function DualDate({ iso, time = false }: { iso: string; time?: boolean }) {
  const { hijri, gregorian } = useFormats().moment(iso, { time });
  return (
    <span className="flex flex-col">
      <time dateTime={iso}>{hijri}</time>
      <span className="text-sm text-muted">{gregorian}</span>
    </span>
  );
}
