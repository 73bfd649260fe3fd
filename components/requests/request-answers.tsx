'use client';

import { useTranslations } from 'next-intl';
import type { RequestDetails } from '@/lib/contract/requests';
import { AnswerList } from './answer-list';
import { answersOf, text } from './answers-of';
import { PersonAnswers } from './person-answers';
import { CompanionInvitation } from '@/components/families/companion-invitation';
import { useFormats } from '@/lib/i18n/use-formats';
import { messageOf, hasMessage } from '@/lib/i18n/data-keys';

const groupClass = 'rounded-xl border border-slate-200 bg-white p-5';

/** Every answer of the application, grouped as the wizard asks them; on the request's page, each companion's invitation too (issue 42). */
export function RequestAnswers({ request, withInvitations = false }: { request: RequestDetails; withInvitations?: boolean }) {
  const t = useTranslations('RequestDetails');
  const fields = useTranslations('Fields');
  const type = useTranslations('RequestType');
  const { hijriMonth, number } = useFormats();
  const answers = answersOf(request.data);
  const notGiven = <span className="text-muted">{t('answers.notGiven')}</span>;
  const pkg = text(answers.service.package);
  const month = text(answers.service.travel_month);

  return (
    <section aria-labelledby="answers-title" className="space-y-4">
      <h2 id="answers-title" className="text-xl font-semibold">
        {t('answers.title')}
      </h2>

      <section aria-labelledby="answers-service" className={groupClass}>
        <h3 id="answers-service" className="mb-4 text-lg font-semibold">
          {t('answers.service')}
        </h3>
        <AnswerList
          items={[
            { label: fields('type'), value: type(request.type) },
            { label: fields('package'), value: pkg ? (hasMessage(t, `packages.${pkg}`) ? messageOf(t, `packages.${pkg}`) : pkg) : notGiven },
            { label: fields('travel_month'), value: month ? (hijriMonth(month) ?? month) : notGiven },
          ]}
        />
      </section>

      <section aria-labelledby="answers-applicant" className={groupClass}>
        <h3 id="answers-applicant" className="mb-4 text-lg font-semibold">
          {t('answers.applicant')}
        </h3>
        <PersonAnswers person={answers.applicant} />
      </section>

      {answers.companions.length === 0 ? (
        <section aria-labelledby="answers-companions" className={groupClass}>
          <h3 id="answers-companions" className="mb-2 text-lg font-semibold">
            {t('answers.companions')}
          </h3>
          <p className="text-muted">{t('answers.noCompanions')}</p>
        </section>
      ) : (
        answers.companions.map((companion, index) => (
          <section key={index} aria-labelledby={`answers-companion-${index}`} className={groupClass}>
            <h3 id={`answers-companion-${index}`} className="mb-4 text-lg font-semibold">
              {t('answers.companion', { number: number(index + 1) })}
            </h3>
            <PersonAnswers person={companion} withRelation travelMonth={answers.service.travel_month} />
            {withInvitations && <CompanionInvitation request={request} index={index} person={companion} />}
          </section>
        ))
      )}

      <section aria-labelledby="answers-declaration" className={groupClass}>
        <h3 id="answers-declaration" className="mb-4 text-lg font-semibold">
          {t('answers.declaration')}
        </h3>
        <p>{answers.declared ? t('answers.declared') : t('answers.notDeclared')}</p>
      </section>
    </section>
  );
}
