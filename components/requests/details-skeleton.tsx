/** Grey blocks in the shape of the details page while it loads. */
export function DetailsSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="max-w-4xl space-y-6">
      <p className="sr-only" role="status">
        {label}
      </p>
      {[10, 8, 18, 8].map((rem, i) => (
        <div key={i} aria-hidden="true" className="rounded-xl border border-slate-200 bg-white p-5 motion-safe:animate-pulse" style={{ minHeight: `${rem}rem` }}>
          <div className="h-6 w-1/3 rounded bg-slate-200" />
          <div className="mt-4 h-4 w-2/3 rounded bg-slate-100" />
          <div className="mt-3 h-4 w-1/2 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}
