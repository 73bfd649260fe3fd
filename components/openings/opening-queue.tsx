'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { QueuePlaceAnswer } from '@/lib/contract/openings';
import { ApiClientError } from '@/lib/api-client';
import { useJoinQueue, useLeaveQueue, useQueuePlace, type OpeningService } from '@/lib/openings/openings-api';
import { useRequests } from '@/lib/requests/requests-api';
import { REQUEST_STEPS, type RequestStep } from '@/lib/requests/steps';
import { useFormats } from '@/lib/i18n/use-formats';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { ConfirmDialog } from '@/components/requests/confirm-dialog';
import { openingMoment } from './opening-moment';

/** The draft a pilgrim waits with, and its steps not complete yet; null: none yet; undefined: not known yet. */
export type QueueDraft = { id: string; missing_steps: RequestStep[] } | null | undefined;

/** The steps a pilgrim can finish while waiting: check answers and the declaration are made when sending. */
const READY_STEPS = ['service', 'applicant', 'companions', 'documents'] as const satisfies readonly RequestStep[];

const draftStep = (id: string, step: RequestStep) => `/profile/requests/drafts/complete?id=${id}&step=${step}`;
const CREATE = '/profile/requests/create';

const card = 'rounded-xl border border-slate-200 bg-white p-5';
const linkButton = 'inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800';
const secondaryLink = 'inline-flex items-center justify-center rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50';

/**
 * The queue page's content (issue 59, item 6): the opening, the pilgrim's place read again when the server says,
 * what to have ready, and the rule of who goes first. Reads and writes through lib/openings/openings-api.ts.
 */
export function OpeningQueue({ service }: { service: OpeningService }) {
  const t = useTranslations('Openings');
  const types = useTranslations('RequestType');
  const place = useQueuePlace(service);
  const join = useJoinQueue(service);
  const leave = useLeaveQueue(service);
  // Only a join says what the draft needs (POST); read again, or come back later, the drafts list says it.
  const drafts = useRequests('draft', 1);
  const listed = drafts.data ? (drafts.data.data.find((draft) => draft.type === service) ?? null) : undefined;
  const draft: QueueDraft = join.data?.draft !== undefined ? join.data.draft : listed && { id: listed.id, missing_steps: REQUEST_STEPS.filter((step) => !listed.completed_steps.includes(step)) };
  const [joinError, setJoinError] = useState<string | null>(null);

  if (place.isPending) return <p aria-busy="true" className="min-h-40 text-muted">{t('loading')}</p>;
  if (!place.data) {
    // A service without an opening has no queue (404): sending is as usual.
    if (place.error instanceof ApiClientError && place.error.status === 404) {
      return (
        <div className={card}>
          <p>{t('none', { service: types(service) })}</p>
          <Link href="/profile/requests/drafts" className={`mt-4 ${secondaryLink}`}>
            {t('startOrContinue')}
          </Link>
        </div>
      );
    }
    return <p role="alert">{t('failed')}</p>;
  }
  return (
    <QueuePlaceView
      place={place.data}
      serviceName={types(service)}
      draft={draft}
      reconnecting={place.reconnecting}
      joining={join.isPending}
      joinError={joinError}
      onJoin={async () => {
        setJoinError(null);
        try {
          await join.mutateAsync();
        } catch (error) {
          // The server's own words when it refused (the queue not open yet, ended, an address not confirmed).
          setJoinError(error instanceof ApiClientError && error.status < 500 && error.body?.error?.message ? error.body.error.message : t('joinFailed'));
        }
      }}
      onLeave={() => leave.mutateAsync()}
    />
  );
}

type ViewProps = {
  place: QueuePlaceAnswer;
  serviceName: string;
  draft: QueueDraft;
  reconnecting: boolean;
  joining: boolean;
  joinError: string | null;
  onJoin: () => void;
  onLeave: () => Promise<unknown>;
};

/** Now, ticking every second while `on` (an admitted pilgrim's minutes left): the page's own clock, no request. */
function useNow(on: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    // At once too: the clock kept since the page loaded would count the turn from then (16 minutes of 15).
    const first = window.setTimeout(() => setNow(Date.now()), 0);
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [on]);
  return now;
}

/** The place as the server answered it, in every state (rendered by the component tests without a server). */
export function QueuePlaceView({ place, serviceName, draft, reconnecting, joining, joinError, onJoin, onLeave }: ViewProps) {
  const t = useTranslations('Openings');
  const locale = useLocale();
  const formats = useFormats();
  const { opening } = place;
  const moment = (iso: string) => openingMoment(iso, locale);
  const opens = moment(opening.opens_at);
  const sendBy = place.send_by ? moment(place.send_by) : null;
  const now = useNow(place.state === 'admitted');
  const minutes = (count: number) => t('opening.minutes', { count, shown: formats.number(count) });

  // What the polite live region says: a new sentence only when the place changes, never each second.
  const live =
    place.state === 'waiting'
      ? place.position === null
        ? t('live.draw')
        : t('live.waiting', { position: formats.number(place.position) })
      : place.state === 'admitted'
        ? t('live.admitted', { time: sendBy?.time ?? '' })
        : place.state === 'not_joined'
          ? opening.state === 'over'
            ? t('live.over')
            : ''
          : t(`live.${place.state}`);

  const joinButton = (label: string) => (
    <div className="flex flex-col gap-2">
      <Button onPress={onJoin} isPending={joining} className="self-start px-6 py-3 text-base">
        {joining ? t('joining') : label}
      </Button>
      {joinError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {joinError}
        </p>
      )}
    </div>
  );
  const canJoin = opening.state === 'queueing' || opening.state === 'admitting';
  const openingCard = (
    <section aria-labelledby="opening-title" className={card}>
      <h2 id="opening-title" className="text-lg font-semibold">
        {t('opening.title')}
      </h2>
      <p className="mt-1 font-medium text-ink">{t(`opening.states.${opening.state}`)}</p>
      {opening.paused && opening.state !== 'over' && <p className="mt-2 rounded-lg bg-sand-100 p-3">{t('opening.paused')}</p>}
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Fact label={t('opening.opensAt')}>
          <time dateTime={opening.opens_at} className="font-semibold text-ink">
            {t('opening.time', { time: opens.time })}
          </time>
          <span>{opens.hijri}</span>
          <span className="text-sm text-muted">{opens.gregorian}</span>
        </Fact>
        {opening.state === 'upcoming' && (
          <Fact label={t('opening.queueOpensAt')}>
            <time dateTime={opening.queue_opens_at} className="font-semibold text-ink">
              {t('opening.time', { time: moment(opening.queue_opens_at).time })}
            </time>
            <span>{moment(opening.queue_opens_at).hijri}</span>
          </Fact>
        )}
        <Fact label={t('opening.rate')}>
          <span className="font-semibold text-ink">{t('opening.rateValue', { count: opening.admit_per_minute, shown: formats.number(opening.admit_per_minute) })}</span>
        </Fact>
        <Fact label={t('opening.window')}>
          <span className="font-semibold text-ink">{minutes(opening.send_window_minutes)}</span>
        </Fact>
      </dl>
    </section>
  );

  return (
    <div className="flex flex-col gap-6" data-testid="opening-queue" data-state={place.state}>
      <div aria-live="polite" className="sr-only" data-testid="queue-live">
        {live}
      </div>
      {reconnecting && (
        <p role="status" className="rounded-lg border-s-4 border-amber-600 bg-amber-50 p-3 text-ink" data-testid="queue-reconnecting">
          {t('reconnecting')}
        </p>
      )}

      {place.state === 'not_joined' && openingCard}
      {place.state === 'not_joined' &&
        (opening.state === 'over' ? (
          <StateCard title={t('over.title')} body={t('over.body')} action={<Link href="/profile/requests/drafts" className={secondaryLink}>{t('over.link')}</Link>} />
        ) : opening.state === 'upcoming' ? (
          <p className={card}>{t('upcomingLead', { time: `${moment(opening.queue_opens_at).time} (${moment(opening.queue_opens_at).hijri})` })}</p>
        ) : (
          <section className={`${card} flex flex-col gap-3`} aria-labelledby="join-title">
            <h2 id="join-title" className="sr-only">
              {t('join')}
            </h2>
            <p>{t('joinLead')}</p>
            {joinButton(t('join'))}
          </section>
        ))}

      {place.state === 'waiting' && (
        <section aria-labelledby="place-title" className={`${card} flex flex-col gap-4 border-brand-700`} data-testid="queue-place">
          <h2 id="place-title" className="text-lg font-semibold">
            {place.position === null ? t('place.drawTitle') : t('place.title')}
          </h2>
          {place.position === null ? (
            <>
              <p>{t('place.draw', { time: opens.time })}</p>
              {place.waiting_for_draw !== null && <p className="font-semibold text-ink">{t('place.joinedSoFar', { count: place.waiting_for_draw, shown: formats.number(place.waiting_for_draw) })}</p>}
            </>
          ) : (
            <dl className="grid gap-4 sm:grid-cols-3">
              <Fact label={t('place.position')}>
                <span className="text-4xl font-bold text-brand-800" data-testid="queue-position">
                  {formats.number(place.position)}
                </span>
              </Fact>
              <Fact label={t('place.ahead')}>
                <span className="text-xl font-semibold text-ink">{t('place.aheadValue', { count: place.ahead ?? 0, shown: formats.number(place.ahead ?? 0) })}</span>
              </Fact>
              <Fact label={t('place.estimate')}>
                {place.estimated_admission_at ? (
                  <>
                    <time dateTime={place.estimated_admission_at} className="text-xl font-semibold text-ink">
                      {t('opening.time', { time: moment(place.estimated_admission_at).time })}
                    </time>
                    <span className="text-sm text-muted">
                      {moment(place.estimated_admission_at).hijri} ({moment(place.estimated_admission_at).gregorian})
                    </span>
                  </>
                ) : (
                  <span className="text-ink">{t('place.estimateUnknown')}</span>
                )}
              </Fact>
            </dl>
          )}
          <p className="text-sm text-muted">{t('place.updates')}</p>
          <div>
            <ConfirmDialog
              trigger={t('leave.trigger')}
              title={t('leave.title')}
              body={t('leave.body')}
              keep={t('leave.keep')}
              confirm={t('leave.confirm')}
              failed={t('leave.failed')}
              onConfirm={onLeave}
            />
          </div>
        </section>
      )}

      {place.state === 'admitted' && sendBy && place.send_by && (
        <section aria-labelledby="turn-title" className="flex flex-col gap-3 rounded-xl border-2 border-brand-700 bg-brand-50 p-5" data-testid="queue-turn">
          <h2 id="turn-title" className="text-xl font-bold text-brand-800">
            <time dateTime={place.send_by}>{t('admitted.title', { time: sendBy.time })}</time>
          </h2>
          <p className="font-semibold text-ink" data-testid="queue-time-left">
            {(() => {
              const left = Date.parse(place.send_by) - now;
              // Whole minutes, rounded up (15 minutes just after the turn came), the last one said as such.
              const count = Math.ceil(left / 60_000);
              return left < 60_000 ? t('admitted.lastMinute') : t('admitted.timeLeft', { count, shown: formats.number(count) });
            })()}
          </p>
          {draft ? (
            <Link href={draftStep(draft.id, 'review')} className={`self-start ${linkButton}`}>
              {t('admitted.send')}
            </Link>
          ) : draft === null ? (
            <Link href={CREATE} className={`self-start ${linkButton}`}>
              {t('admitted.start')}
            </Link>
          ) : null}
        </section>
      )}

      {place.state === 'sent' && <StateCard title={t('sent.title')} body={t('sent.body')} action={<Link href="/profile/requests" className={secondaryLink}>{t('sent.link')}</Link>} />}
      {(place.state === 'passed' || place.state === 'left') && (
        <StateCard title={t(`${place.state}.title`)} body={t(`${place.state}.body`)} action={canJoin ? joinButton(t('joinAgain')) : undefined} />
      )}
      {place.state === 'sold_out' && (
        <StateCard
          title={t('soldOut.title')}
          body={t('soldOut.body')}
          action={
            draft === undefined ? undefined : (
              <Link href={draft ? draftStep(draft.id, 'review') : CREATE} className={linkButton}>
                {draft ? t('soldOut.link') : t('soldOut.start')}
              </Link>
            )
          }
        />
      )}

      {(place.state === 'not_joined' || place.state === 'waiting') && opening.state !== 'over' && <ReadyList draft={draft} serviceName={serviceName} />}
      {/* Once joined, the place (or the turn) comes first on a phone; the opening's facts beneath it. */}
      {place.state !== 'not_joined' && openingCard}

      <section aria-labelledby="fairness-title" className={card}>
        <h2 id="fairness-title" className="text-lg font-semibold">
          {t('fairness.title')}
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-2 ps-5 text-ink">
          <li>{t('fairness.early')}</li>
          <li>{t('fairness.late')}</li>
          <li>{t('fairness.one')}</li>
          <li>{t('fairness.rate')}</li>
          <li>{t('fairness.turn', { minutes: minutes(opening.send_window_minutes) })}</li>
          <li>{t('fairness.soldOut')}</li>
        </ul>
      </section>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="flex flex-col">{children}</dd>
    </div>
  );
}

function StateCard({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  return (
    <section aria-labelledby="queue-state-title" className={`${card} flex flex-col gap-3`} data-testid="queue-state">
      <h2 id="queue-state-title" className="text-lg font-semibold">
        {title}
      </h2>
      <p>{body}</p>
      {action && <div>{action}</div>}
    </section>
  );
}

/** What the draft still needs before the turn comes, each step a link to it in the wizard. */
function ReadyList({ draft, serviceName }: { draft: QueueDraft; serviceName: string }) {
  const t = useTranslations('Openings.ready');
  const steps = useTranslations('Wizard.steps');
  if (draft === undefined) return null;
  const missing = draft ? READY_STEPS.filter((step) => draft.missing_steps.includes(step)) : [];
  return (
    <section aria-labelledby="ready-title" className={card} data-testid="queue-ready">
      <h2 id="ready-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {draft === null ? (
        <>
          <p className="mt-2">{t('none', { service: serviceName })}</p>
          <Link href={CREATE} className={`mt-3 ${secondaryLink}`}>
            {t('start')}
          </Link>
        </>
      ) : missing.length === 0 ? (
        <p className="mt-2">{t('complete')}</p>
      ) : (
        <>
          <p className="mt-2">{t('lead')}</p>
          <ul className="mt-3 flex flex-col gap-2">
            {missing.map((step) => (
              <li key={step}>
                <Link href={draftStep(draft.id, step)} className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-700">
                  {steps(step)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
