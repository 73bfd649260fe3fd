'use client';

import { Fragment, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { OFFICE_CONTACT } from '@/lib/office/contact';
import { useRequestTypes } from '@/lib/requests/requests-api';
import type { RequestDetails } from '@/lib/contract/requests';
import { useFormats } from '@/lib/i18n/use-formats';

const WAYS_TO_CALL = [
  { label: 'call.phone', href: `tel:${OFFICE_CONTACT.tel}`, text: OFFICE_CONTACT.phone },
  { label: 'call.email', href: `mailto:${OFFICE_CONTACT.email}`, text: OFFICE_CONTACT.email },
] as const;

/**
 * Approved: what happens next, in the order it happens (issue 40, item 4;
 * docs/NEXT-STEPS.md): the visa, the dates, what to bring, whom to call.
 */
export function AfterApproval({ request }: { request: RequestDetails }) {
  const t = useTranslations('RequestDetails.afterApproval');
  const formats = useFormats();
  const types = useRequestTypes();
  if (request.status !== 'approved') return null;

  const service = (request.data.service ?? {}) as { travel_month?: unknown };
  const chosen = typeof service.travel_month === 'string' ? formats.travelMonth(service.travel_month) : null;
  const month = chosen ? `${chosen.hijri}${formats.separator}${chosen.gregorian}` : null;
  const pilgrimage = types.data?.find((type) => type.id === request.type)?.season.pilgrimage;
  const start = pilgrimage ? formats.hijriAnswer(pilgrimage.start) : null;
  const end = pilgrimage ? formats.hijriAnswer(pilgrimage.end) : null;
  const reference = request.reference ?? '';
  const identifier = (text: ReactNode) => (
    <bdi dir="ltr" data-identifier>
      {text}
    </bdi>
  );

  return (
    <section aria-labelledby="after-approval-title" data-testid="after-approval" className="rounded-xl border border-emerald-300 bg-emerald-50 p-5">
      <h2 id="after-approval-title" className="text-2xl font-semibold text-emerald-950">
        {t('title')}
      </h2>
      {/* "Confirmed" only when nothing is owed (issue 57, item 3): while instalments remain, what is owed and what a missed one does. */}
      <p className="mt-2 text-emerald-950">
        {request.money && request.money.outstanding_minor > 0
          ? t('leadOwing', { owed: formats.money(request.money.outstanding_minor, request.money.currency), grace: formats.number(request.payment_plan?.grace_days ?? 3) })
          : t('lead')}
      </p>
      <div className="mt-4 space-y-4 text-ink">
        <div>
          <h3 className="text-lg font-semibold">{t('visa.title')}</h3>
          <p className="mt-1">{t('visa.body')}</p>
        </div>
        <div>
          <h3 className="text-lg font-semibold">{t('dates.title')}</h3>
          {start && end ? (
            <p className="mt-1">{t('dates.hajj', { start: start.hijri, end: end.hijri, startGregorian: start.gregorian, endGregorian: end.gregorian, month: month ?? '' })}</p>
          ) : (
            month && <p className="mt-1">{t('dates.month', { month })}</p>
          )}
          <p className="mt-1">{t('dates.flights')}</p>
        </div>
        <div>
          <h3 className="text-lg font-semibold">{t('bring.title')}</h3>
          <ul className="mt-1 list-disc space-y-1 ps-6">
            <li>{t('bring.passport')}</li>
            <li>{t('bring.visa')}</li>
            <li>{t('bring.vaccine')}</li>
            <li>{t.rich('bring.reference', { reference, ref: (chunks) => identifier(chunks) })}</li>
          </ul>
        </div>
        <div>
          <h3 className="text-lg font-semibold">{t('call.title')}</h3>
          <p className="mt-1">{t.rich('call.body', { reference, ref: (chunks) => identifier(chunks) })}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {WAYS_TO_CALL.map(({ label, href, text }) => (
              <Fragment key={label}>
                <dt className="text-muted">{t(label)}</dt>
                <dd>
                  <a href={href} className="font-semibold break-all text-brand-800 underline underline-offset-4">
                    {identifier(text)}
                  </a>
                </dd>
              </Fragment>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
