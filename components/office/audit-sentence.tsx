'use client';

import type { ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useFormats } from '@/lib/i18n/use-formats';
import type { AuditEntry } from '@/lib/contract/office';

const linkClass = 'rounded font-mono font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

// Names and e-mail addresses set apart from the sentence around them (first-strong isolate), so that an
// address inside an Arabic sentence keeps its own direction and the parentheses stay where they belong.
const isolate = (text: string) => `\u2068${text}\u2069`;

// An action the log writes as a sentence: a group and a verb ("request.assign"), both known to the messages.
const SENTENCE_KEY = /^[a-z_]+\.[a-z_]+$/;

/**
 * One audit entry as a sentence in the page's language ("Yusuf (reviewer@…)
 * approved HJ-1448-000123"), the request's reference a link to its page. An
 * action the messages do not know yet is still written, as "who: action".
 */
export function AuditSentence({ entry }: { entry: AuditEntry }) {
  const t = useTranslations('Office.audit');
  const tStatus = useTranslations('Office.status');
  const locale = useLocale();
  const formats = useFormats();

  const { actor, details, request, member } = entry;
  const who = actor.kind === 'ops_key' ? t('actorOpsKey') : actor.kind === 'system' ? t('actorSystem') : actor.name && actor.email ? t('actorNamed', { name: actor.name, email: actor.email }) : (actor.email ?? t('someone'));
  const amount = typeof details.amount_minor === 'number' && typeof details.currency === 'string' ? formats.money(details.amount_minor, details.currency) : '';
  const to = typeof details.to === 'string' ? details.to : '';
  const rows = typeof details.rows === 'number' ? details.rows : 0;
  const values = {
    actor: isolate(who),
    member: isolate(member?.name || t('someone')),
    reference: request?.reference ?? t('noReference'),
    amount,
    to,
    status: tStatus.has(to as never) ? tStatus(to as never) : to,
    rows,
    n: formats.number(rows),
    action: entry.action,
    ref: (chunks: ReactNode) =>
      request ? (
        <a href={`/${locale}/office/requests/${request.id}`} dir="ltr" data-identifier className={linkClass}>
          {chunks}
        </a>
      ) : (
        chunks
      ),
  };
  const key = `sentence.${entry.action}`;
  // The key is checked here, and the values hold what every sentence asks for: one sentence's type stands for them all.
  if (SENTENCE_KEY.test(entry.action) && t.has(key as never)) return <>{t.rich(key as 'sentence.request.view', values)}</>;
  return <>{t('other', { actor: who, action: entry.action })}</>;
}
