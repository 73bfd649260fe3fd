import { useLocale, useTranslations } from 'next-intl';
import { requestFormats } from '@/lib/i18n/formats';
import { applicationsClosed } from '@/lib/requests/travel-months';
import type { RequestTypeInfo } from '@/lib/contract/requests';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';
import { messageOf } from '@/lib/i18n/data-keys';
import { OpeningNote } from '@/components/openings/opening-note';
import { ServicePlaces } from './service-places';

/** A service as GET /request-types answers it (the home page renders publicRequestType's on the server). */
export type HomeService = RequestTypeInfo;

/**
 * One service of the catalogue: fee per pilgrim ("from" the lowest when its packages differ), when applications
 * open and close, and for Hajj its days (Hijri, Gregorian beneath).
 */
export function ServiceCard({ service }: { service: HomeService }) {
  const t = useTranslations('Home.services');
  const locale = useLocale();
  // The request screens' formats, so the home page shows dates and money as they do.
  const formats = requestFormats(locale, OFFICE_TIME_ZONE);
  const name = locale === 'ar' ? service.name.ar : service.name.en;
  const body = t.has(`${service.id}.body`) ? t(`${service.id}.body`) : null;
  const packageNames = useTranslations('Wizard.packages');
  const seasonDay = (hijri: string, gregorian: string | null) => {
    const day = formats.hijriAnswer(hijri);
    if (!day) return null;
    return (
      <span className="flex flex-col">
        <time dateTime={gregorian ?? undefined} className="font-semibold text-ink">{day.hijri}</time>
        <span className="text-sm text-muted">{day.gregorian}</span>
      </span>
    );
  };

  const pilgrimage = service.season.pilgrimage;
  const samePrice = new Set(Object.values(service.fees_minor)).size <= 1;
  const fee = formats.money(service.fee_minor, service.currency);

  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-xl font-semibold text-brand-800">{name}</h3>
      {applicationsClosed(service.season) ? (
        <p className="mt-1 font-semibold text-ink">{t('closed')}</p>
      ) : (
        !service.open && <p className="mt-1 font-semibold text-ink">{t('closedNow')}</p>
      )}
      {body && <p className="mt-2 text-muted">{body}</p>}
      {/* Sending opens through a queue (issue 59): when, and the way to it. */}
      <div className="mt-3 empty:hidden">
        <OpeningNote service={service.id} serviceName={name} opening={service.opening} />
      </div>
      <dl className={`mt-5 grid gap-4 border-t border-slate-100 pt-5 ${pilgrimage ? 'sm:grid-cols-2' : 'sm:grid-cols-3'}`}>
        <div>
          <dt className="text-sm text-muted">{t('fee')}</dt>
          <dd className="mt-1 text-lg font-bold text-ink">{samePrice ? fee : t('feeFrom', { fee })}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('opens')}</dt>
          <dd className="mt-1">{seasonDay(service.season.start, service.season.start_gregorian)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('closes')}</dt>
          <dd className="mt-1">{seasonDay(service.season.applications_close, service.season.applications_close_gregorian)}</dd>
        </div>
        {pilgrimage && (
          <div>
            <dt className="text-sm text-muted">{t('pilgrimage', { type: name })}</dt>
            <dd className="mt-1 flex flex-col" data-pilgrimage>
              <span className="font-semibold text-ink">
                {t('days', { start: formats.hijriAnswer(pilgrimage.start)?.hijri ?? pilgrimage.start, end: formats.hijriAnswer(pilgrimage.end)?.hijri ?? pilgrimage.end })}
              </span>
              <span className="text-sm text-muted">
                {t('days', { start: formats.hijriAnswer(pilgrimage.start)?.gregorian ?? '', end: formats.hijriAnswer(pilgrimage.end)?.gregorian ?? '' })}
              </span>
            </dd>
          </div>
        )}
      </dl>
      {/* Read again in the browser: the page is cached, the places left change with every request sent or freed. */}
      <ServicePlaces
        service={service.id}
        packages={service.packages.map((name) => ({ name, label: messageOf(packageNames, `${name}.name`) }))}
        placesLeft={service.places_left}
        title={t('places')}
      />
      <p className="mt-4 text-sm text-muted">{t('companions', { limit: service.companion_limit, count: formats.number(service.companion_limit) })}</p>
    </li>
  );
}
