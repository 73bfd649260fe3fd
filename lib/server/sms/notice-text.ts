import 'server-only';
import type { AppLocale } from '@/i18n/routing';
import { translatorFor } from '@/lib/i18n/translator';
import { requestFormats } from '@/lib/i18n/formats';
import { pageDigits } from '@/lib/i18n/numbers';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';
import { publicSiteUrl } from '@/lib/server/http/origin';
import type { SmsKind } from '@/lib/notifications/sms-kinds';
import { countSegments, MAX_NOTICE_SEGMENTS } from '@/lib/sms/segments';

/**
 * A notice as a text message: short, in the reader's language, with the request's reference and a link from APP_URL
 * (the notifications page, where the notice leads on; the queue page for a turn), never passport or payment
 * details (no amount, no card). At most 2 segments: when the full text (with its deadline) is longer, the short
 * one goes, which says the same without it.
 */
export function smsNoticeText(kind: SmsKind, params: Record<string, string | number>, locale: AppLocale): string {
  const t = translatorFor(locale);
  const formats = requestFormats(locale, OFFICE_TIME_ZONE);
  const text = (key: string) => (typeof params[key] === 'string' ? (params[key] as string) : '');
  const site = publicSiteUrl();
  const service = text('service');
  const link = kind === 'opening_turn' && service ? `${site}/${locale}/openings/${service}` : `${site}/${locale}/notifications`;
  const when = (iso: string) => (iso && !Number.isNaN(new Date(iso).getTime()) ? formats.deadline(iso).gregorian : '');
  const minutes = typeof params.minutes === 'number' ? params.minutes : Number(params.minutes) || 15;
  const values = {
    reference: text('reference'),
    link,
    deadline: when(text('deadline')),
    changes_by: when(text('changes_by')) || 'none',
    status: text('status'),
    service: t.has(`RequestType.${service}`) ? t(`RequestType.${service}`) : service,
    minutes,
    shown: pageDigits(String(minutes), locale),
  };
  const full = values.deadline || kind === 'opening_turn' || kind === 'decision' || kind === 'changes_requested' ? t(`Sms.${kind}`, values) : '';
  if (full && countSegments(full).segments <= MAX_NOTICE_SEGMENTS) return full;
  return t(`Sms.${kind}Short`, values);
}
