'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { OfficeRequestType } from '@/lib/contract/office';
import { PACKAGES } from '@/lib/requests/packages';
import { useFormats } from '@/lib/i18n/use-formats';

/**
 * Each package's reserve list under its service in "Services and fees"
 * (docs/PLACES.md): who waits, in the order places will be offered. A package
 * with no one waiting says so; one no longer offered shows only while someone waits.
 */
export function OfficeReserveList({ service }: { service: OfficeRequestType }) {
  const t = useTranslations('Reserve');
  const packageNames = useTranslations('Wizard.packages');
  const locale = useLocale();
  const formats = useFormats();
  const type = locale === 'ar' ? service.name.ar : service.name.en;
  const shown = PACKAGES.filter((name) => service.packages.includes(name) || (service.reserve_list[name]?.length ?? 0) > 0);
  return (
    <section aria-labelledby={`${service.id}-reserve-title`} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={`${service.id}-reserve-title`} className="text-lg font-semibold">
        {t('title')}
      </h3>
      {shown.map((name) => {
        const entries = service.reserve_list[name] ?? [];
        const caption = t('caption', { package: packageNames(`${name}.name`), type });
        if (entries.length === 0) {
          return (
            <p key={name} className="text-sm text-muted">
              <span className="font-medium text-ink">{packageNames(`${name}.name`)}</span>: {t('none')}
            </p>
          );
        }
        return (
          <div key={name} className="overflow-x-auto">
            <table className="w-full text-start text-sm" data-testid={`reserve-list-${service.id}-${name}`}>
              <caption className="mb-1 text-start font-medium">{caption}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  {(['position', 'reference', 'applicant', 'pilgrims', 'joined'] as const).map((column) => (
                    <th key={column} scope="col" className="px-2 py-1 text-start">
                      {t(`columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => {
                  const joined = formats.moment(entry.joined_at, { time: true });
                  return (
                    <tr key={entry.request_id} className="border-b border-slate-100">
                      <td className="px-2 py-1">{formats.number(entry.position)}</td>
                      <td className="px-2 py-1">
                        {entry.reference ? (
                          <bdi dir="ltr" data-identifier>
                            {entry.reference}
                          </bdi>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className="px-2 py-1">
                        <bdi>{entry.applicant_name ?? '—'}</bdi>
                      </td>
                      <td className="px-2 py-1">{formats.number(entry.pilgrims)}</td>
                      <td className="px-2 py-1">
                        <time dateTime={entry.joined_at}>{joined.hijri}</time>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        );
      })}
    </section>
  );
}
