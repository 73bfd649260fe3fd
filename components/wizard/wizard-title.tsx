'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useRequest } from '@/lib/requests/requests-api';
import { EDITABLE_STATUSES } from '@/lib/requests/statuses';

/**
 * The application page's one h1, by the request's state (docs/NEXT-STEPS.md):
 * "Start an application" before anything is saved, "Continue your draft", or
 * "Make the changes the office asked for". Once sent, the confirmation has
 * its own h1 and this one steps aside. Until the request is loaded the page's
 * own title stands (also shown to a signed-out visitor, by the gate).
 */
export function WizardTitle({ id, mode, fallback }: { id: string; mode: 'complete' | 'edit'; fallback: string }) {
  const t = useTranslations('Wizard.titles');
  const { data: request } = useRequest(id);
  let title = fallback;
  if (request) {
    const editable = mode === 'complete' ? request.status === 'draft' : EDITABLE_STATUSES.includes(request.status);
    if (!editable) return null;
    title = request.status === 'changes_requested' ? t('changes') : request.completed_steps.length === 0 ? t('start') : t('continue');
  }
  return <PageTitle>{title}</PageTitle>;
}

export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8">
      <h1 className="text-2xl font-bold">{children}</h1>
    </div>
  );
}
