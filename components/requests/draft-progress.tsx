'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/i18n/use-formats';

/** "3 of 6 steps done", in words and as a bar. */
export function DraftProgress({ done, total }: { done: number; total: number }) {
  const t = useTranslations('DraftsList');
  const { number } = useFormats();
  const labelId = useId();
  const text = t('progress', { done: number(done), total: number(total) });
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div>
      <p className="text-sm">
        <span id={labelId} className="font-semibold text-muted">
          {t('progressLabel')}
        </span>
        <span aria-hidden="true">: </span>
        <span>{text}</span>
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        {/* A width grows from the start edge, so the bar fills right to left on Arabic pages. */}
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
