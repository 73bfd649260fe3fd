'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/lib/i18n/numbers';
import { useFormats } from '@/lib/i18n/use-formats';
import { WIZARD_STEPS, type WizardStep } from '@/lib/requests/steps';
import { Button } from '@/components/ui/button';
import { ChevronForwardIcon } from '@/components/ui/icons';
import { answersOf, personName } from '@/components/requests/answers-of';
import { stepOfFlag } from '@/lib/requests/flagged-steps';
import { messageOf } from '@/lib/i18n/data-keys';
import type { CompanionInvitation } from '@/lib/contract/requests';
import { FlagWhy, type Flags } from './flagged';

/**
 * A part's state: what the office flagged is "to change" until it is saved
 * again (the server took it off the finished steps when it asked), then
 * "changed, ready to send"; never "completed" in between (issue 40).
 */
function partState(isDone: boolean, isFlagged: boolean): { label: 'done' | 'toCheck' | 'toChange' | 'changed'; style: string } {
  if (isFlagged) return isDone ? { label: 'changed', style: 'border border-brand-700 bg-white text-brand-800' } : { label: 'toChange', style: 'bg-amber-100 text-amber-900' };
  return isDone ? { label: 'done', style: 'bg-brand-50 text-brand-800' } : { label: 'toCheck', style: 'bg-sand-100 text-ink' };
}

/**
 * Where making the changes the office asked for begins (issue 21): the
 * application's parts as a task list, each with its state and a link to it,
 * then check answers to send it again. Never the declaration first: it is
 * made afresh on check answers.
 */
export function ChangesTaskList({
  completed,
  flags,
  data,
  hrefOf,
  onGo,
  invitations = [],
}: {
  completed: readonly string[];
  /** What the office asked to change, per pilgrim, and why: said under the part where it is changed. */
  flags: Flags;
  data: Record<string, unknown>;
  hrefOf: (step: WizardStep) => string;
  onGo: (step: WizardStep) => void;
  /** The companions' invitations: a companion who corrected a flagged answer of theirs and confirmed it has done it (issue 63, item 5). */
  invitations?: readonly CompanionInvitation[];
}) {
  const t = useTranslations('Wizard');
  const fields = useTranslations('Fields');
  const locale = useLocale();
  const parts = WIZARD_STEPS.filter((step) => step !== 'review');
  const formats = useFormats();
  const answers = answersOf(data);
  const who = (pilgrim: string) => {
    if (pilgrim === 'applicant') return personName(answers.applicant, locale) ?? t('flaggedApplicant');
    const index = Number(pilgrim.split('-')[1]);
    return personName(answers.companions[index] ?? {}, locale) ?? t('companionNumber', { number: formatCount(index + 1, locale) });
  };
  /** The flagged items a part holds: the applicant's answers, the companions' answers, everyone's documents. */
  const asked = (step: WizardStep) =>
    Object.entries(flags.flagged).flatMap(([pilgrim, items]) =>
      items
        .filter((item) => stepOfFlag(pilgrim, item) === step)
        .map((item) => ({
          key: `${pilgrim}/${item}`,
          byCompanion: doneByCompanion(pilgrim, item),
          label: step === 'applicant' ? messageOf(fields, item) : `${messageOf(fields, item)} (${who(pilgrim)})`,
          note: flags.notes[pilgrim]?.[item],
        })),
    );
  /** A flagged answer of a companion that they corrected themselves and confirmed, as their answers read now. */
  const doneByCompanion = (pilgrim: string, item: string) => {
    const match = /^companion-(\d+)$/.exec(pilgrim);
    if (!match) return false;
    const id = answers.companions[Number(match[1])]?.pilgrim_id;
    const invitation = invitations.find((each) => (typeof id === 'string' && id ? each.pilgrim_id === id : each.pilgrim === pilgrim));
    return Boolean(invitation?.confirmed_at && invitation.edited_fields.includes(item));
  };
  return (
    <section aria-labelledby="tasks-title" className="flex flex-col gap-4">
      <div>
        <h2 id="tasks-title" className="text-xl font-bold">
          {t('tasks.title')}
        </h2>
        <p className="mt-1 text-muted">{t('tasks.lead')}</p>
      </div>
      <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {parts.map((step, position) => {
          const items = asked(step);
          const explained = items.filter((item) => item.note?.reason || item.note?.note);
          // Done once saved again, or once every flagged answer in it was corrected and confirmed by its companion.
          const state = partState(completed.includes(step) || (items.length > 0 && items.every((item) => item.byCompanion)), items.length > 0);
          return (
            <li key={step} className="flex flex-wrap items-center justify-between gap-2 p-4" data-state={state.label}>
              <a
                href={hrefOf(step)}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                  event.preventDefault();
                  onGo(step);
                }}
                className="font-semibold text-brand-800 underline underline-offset-2 hover:text-ink"
              >
                {formatCount(position + 1, locale)}. {t(`steps.${step}`)}
              </a>
              <span className={`rounded-full px-3 py-0.5 text-sm font-semibold ${state.style}`}>{t(`tasks.${state.label}`)}</span>
              {items.length > 0 && (
                <div className="w-full border-s-4 border-amber-600 ps-3 text-sm font-semibold text-amber-900">
                  <p>{t('tasks.flagged', { items: formats.list(items.map((item) => item.label)) })}</p>
                  {/* The office's reason and note for each field, where it gave them. */}
                  {explained.length > 0 && (
                    <ul className="mt-1 flex flex-col gap-1">
                      {explained.map((item) => (
                        <li key={item.key}>
                          <span>{item.label}:</span>
                          <FlagWhy note={item.note} />
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button onPress={() => onGo('review')}>
          {t('tasks.checkAnswers')}
          <ChevronForwardIcon />
        </Button>
      </div>
    </section>
  );
}
