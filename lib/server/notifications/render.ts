import 'server-only';
import type { AppLocale } from '@/i18n/routing';
import { translatorFor } from '@/lib/i18n/translator';
import { requestFormats, type RequestFormats } from '@/lib/i18n/formats';
import { isRequestStatus } from '@/lib/requests/statuses';
import { notificationLink, type NotificationType } from '@/lib/notifications/types';
import type { NotificationItem } from '@/lib/contract/notifications';
import type { notifications } from '@/lib/server/db/schema';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';
import { partMessage } from '@/lib/payments/payment-plan';
import { dueDay } from '@/lib/payments/money-words';

export type NotificationRow = typeof notifications.$inferSelect;

// Deadlines are the office's: shown in Saudi time (OFFICE_TIME_ZONE), whatever the server's zone.
// requestFormats keeps one set of Intl formatters per language and zone, not one per row.
const formatsFor = (locale: AppLocale) => requestFormats(locale, OFFICE_TIME_ZONE);

/** The notification in the reader's language: rendered when read, so a language change applies to old ones too. */
export function renderNotification(row: NotificationRow, locale: AppLocale, deliveries: NotificationItem['deliveries'] = []): NotificationItem {
  const t = translatorFor(locale);
  const formats = formatsFor(locale);
  const p = row.params;
  const text = (key: string) => (typeof p[key] === 'string' ? (p[key] as string) : '');
  const reason = text('reason');
  const values: Record<string, string | number> = {
    name: text('name'),
    reference: text('reference'),
    // A request on the reserve list has no reference yet: its title says "your request", never an empty slot.
    hasReference: text('reference') ? 'yes' : 'no',
    stage: text('stage') || 'first',
    status: isRequestStatus(p.status) ? t(`RequestStatus.${p.status}`) : '',
    note: text('note') || 'none',
    amount: typeof p.amount_minor === 'number' && text('currency') ? formats.money(p.amount_minor, text('currency')) : '',
    deadline: text('deadline') ? dualMoment(formats, text('deadline')) : '',
    refund_reason: reason || 'other',
    reason: t.has(`CheckPayment.reasons.${reason}`) ? t(`CheckPayment.reasons.${reason}`) : t('CheckPayment.reasons.other'),
    fields: fieldsToChange(t, text('fields')) || 'none',
    // A companion's notice (issue 42): whose request, and what happened to it.
    organiser: text('organiser'),
    event: text('event') || 'other',
    // A payment plan's part (issue 42): "the deposit", "instalment 2"; when its reminder is; the grace; what goes back.
    part: partName(t, text('part'), formats),
    when: text('when') || 'other',
    grace: typeof p.grace === 'number' ? formats.number(p.grace) : '',
    refund: typeof p.refund_minor === 'number' && p.refund_minor > 0 && text('currency') ? formats.money(p.refund_minor, text('currency')) : 'none',
    // What a money notice says is left (issue 57, item 3; requests/money-notice.ts), and whether the trip is confirmed.
    // Which kind of part: deposit, full, instalment, difference (a dearer package's, issue 57 item 6).
    kind: partMessage(text('part') || 'full').key,
    of: typeof p.of_minor === 'number' && text('currency') ? formats.money(p.of_minor, text('currency')) : 'none',
    owed: typeof p.owed_minor === 'number' && p.owed_minor > 0 && text('currency') ? formats.money(p.owed_minor, text('currency')) : 'none',
    next: typeof p.next_minor === 'number' && text('currency') ? formats.money(p.next_minor, text('currency')) : 'none',
    // 'none' when absent, as the messages' selects read it.
    next_due: dueDay(formats, text('next_due') || null),
    confirmed: text('confirmed') || 'none',
    // An opening's notices (issue 59): which service, how long the turn lasts, why the queue closed.
    service: text('service') || 'other',
    minutes: typeof p.minutes === 'number' ? p.minutes : 0,
    changes_by: text('changes_by') ? formats.moment(text('changes_by')).hijri + ` (${formats.moment(text('changes_by')).gregorian})` : 'none',
  };
  const type = row.type as NotificationType;
  return {
    id: row.id,
    seq: row.seq,
    type,
    title: t(`Notifications.types.${type}.title`, values),
    body: t(`Notifications.types.${type}.body`, values),
    request_id: row.requestId,
    link: notificationLink(row.requestId, type, text('service') || undefined),
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    deliveries,
  };
}

/** A part of the fee by its name in the reader's language (Payments.parts). */
export function partName(t: ReturnType<typeof translatorFor>, part: string, formats: Pick<RequestFormats, 'number'>): string {
  if (!part) return '';
  const { key, number } = partMessage(part);
  // The number as the language writes numbers (Arabic-Indic in Arabic), as every count on the site.
  return t(`Payments.parts.${key}`, { number: formats.number(number) });
}

type FieldToChange = { pilgrim: string; field: string; reason: string | null; note: string | null };

/** "Passport number (Main applicant): the passport number does not match the passport, note" for each field to change. */
function fieldsToChange(t: ReturnType<typeof translatorFor>, json: string): string {
  let fields: FieldToChange[];
  try {
    fields = json ? (JSON.parse(json) as FieldToChange[]) : [];
  } catch {
    return '';
  }
  return fields
    .map(({ pilgrim, field, reason, note }) => {
      const who = pilgrim === 'applicant' ? t('RequestDetails.answers.applicant') : t('RequestDetails.answers.companion', { number: Number(pilgrim.split('-')[1] ?? 0) + 1 });
      const label = t.has(`Fields.${field}`) ? t(`Fields.${field}`) : field;
      const why = [reason && t.has(`ChangeReasons.${reason}`) ? t(`ChangeReasons.${reason}`) : null, note].filter(Boolean).join(t('Notifications.changeJoin'));
      return why ? t('Notifications.changeField', { field: label, pilgrim: who, why }) : t('Notifications.changeFieldBare', { field: label, pilgrim: who });
    })
    .join(t('Notifications.changeSeparator'));
}

function dualMoment(formats: RequestFormats, iso: string) {
  const { hijri, gregorian } = formats.moment(iso, { time: true });
  return `${hijri} (${gregorian})`;
}
