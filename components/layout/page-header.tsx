import type { ReactNode } from 'react';

/** The title band at the top of a content page. */
export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-6">
      <h1 className="text-3xl font-bold text-ink">{title}</h1>
      {lead && <p className="mt-2 max-w-2xl text-lg text-muted">{lead}</p>}
      {children}
    </div>
  );
}

export function EmptyState({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 text-muted">{body}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
