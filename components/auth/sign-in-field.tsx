'use client';

import { useState, type ChangeEvent, type FocusEvent, type ReactNode, type Ref } from 'react';
import { useTranslations } from 'next-intl';
import { focusVisibleRing } from '@/components/ui/focus-visible-ring';

type Props = {
  formId: string;
  name: string;
  label: string;
  /** The input, for the form (react-hook-form reads and fills it: components/auth/use-sign-in-form.ts). */
  ref?: Ref<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  error?: string;
  description?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  /** The phone's keyboard: digits for a code, the phone pad for a number (docs/DIGITS.md). */
  inputMode?: 'numeric' | 'tel';
  dir?: 'ltr' | 'rtl';
};

/**
 * A labelled text field of the sign-in and registration forms, in plain HTML:
 * components/ui/text-field.tsx without react-aria, for these pages' budget.
 * The same look and the same semantics: the label names the input, the hint
 * and the message describe it, aria-invalid marks it, and the field shows a
 * ring while it has focus. A password gets a show/hide button.
 */
export function SignInField({ formId, name, label, error, description, type = 'text', ...input }: Props) {
  const t = useTranslations('Forms');
  const [revealed, setRevealed] = useState(false);
  const id = `${formId}-${name}`;
  const isPassword = type === 'password';
  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {description && (
        <span id={`${id}-description`} className="text-sm text-muted">
          {description}
        </span>
      )}
      <div
        className={`flex w-full items-center overflow-hidden rounded-lg border bg-white outline-0 outline-offset-3 outline-ink focus-within:outline-3 focus-within:ring-3 focus-within:ring-white ${error ? 'border-red-700' : 'border-slate-500'}`}
      >
        <input
          {...input}
          id={id}
          name={name}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="min-w-0 flex-1 bg-transparent px-3 py-2 text-base text-ink outline-none"
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setRevealed((shown) => !shown)}
            aria-pressed={revealed}
            aria-label={t('showField', { field: label })}
            className={`me-1 rounded px-2 py-1 text-sm font-semibold text-brand-800 ${focusVisibleRing}`}
          >
            {t('show')}
          </button>
        )}
      </div>
      {error && (
        <span id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}
