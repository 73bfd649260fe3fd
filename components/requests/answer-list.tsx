import type { ReactNode } from 'react';

/** Questions and answers as a description list, label beside value on wide screens. */
export function AnswerList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[14rem_1fr]">
      {items.map(({ label, value }) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
