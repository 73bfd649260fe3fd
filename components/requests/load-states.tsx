'use client';

import { Button } from '@/components/ui/button';

/** Placeholder cards while a list loads; one status text tells screen readers what is happening. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div aria-busy="true" className="space-y-4">
      <p className="sr-only" role="status">
        {label}
      </p>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" className="h-36 rounded-xl border border-slate-200 bg-white p-6 motion-safe:animate-pulse">
          <div className="h-5 w-1/3 rounded bg-slate-200" />
          <div className="mt-4 h-4 w-2/3 rounded bg-slate-100" />
          <div className="mt-3 h-4 w-1/2 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

/** A failed load, with a way to try again. */
export function LoadError({ title, body, retry, onRetry, isRetrying }: { title: string; body: string; retry: string; onRetry: () => void; isRetrying?: boolean }) {
  return (
    <div role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-6">
      <h2 className="text-lg font-semibold text-red-900">{title}</h2>
      <p className="mt-2 text-red-900">{body}</p>
      <Button variant="secondary" className="mt-4" onPress={onRetry} isPending={isRetrying}>
        {retry}
      </Button>
    </div>
  );
}
