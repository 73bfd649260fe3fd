import type { UseFormRegisterReturn } from 'react-hook-form';

export const inputClass = 'w-40 rounded-lg border border-slate-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/**
 * A number of the form (a package's fee or places, the companion limit): named by its label alone, its
 * hint and error read after the name (aria-describedby), never as part of it,
 * so the field keeps its name when an error appears.
 */
export function NumberField({ id, label, hint, inputMode, error, ...field }: UseFormRegisterReturn & {
  id: string;
  label: string;
  hint?: string;
  inputMode: 'decimal' | 'numeric';
  error?: string;
}) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {hint && (
        <span className="text-sm text-muted" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="text-sm font-medium text-red-700" id={`${id}-error`}>
          {error}
        </span>
      )}
      <input
        id={id}
        {...field}
        inputMode={inputMode}
        dir="ltr"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={inputClass}
      />
    </div>
  );
}
