'use client';

import { useTranslations } from 'next-intl';
import type { CompanionInvitation } from '@/lib/contract/requests';
import { useFormats } from '@/lib/i18n/use-formats';
import { genderOf } from '@/lib/requests/gender';

/** On check your answers (issue 42): whether an invited companion has confirmed their details as they read now. */
export function CompanionConfirmation({ invitation, person }: { invitation: CompanionInvitation | undefined; person?: Record<string, unknown> }) {
  const gender = genderOf(person);
  const t = useTranslations('Families');
  const { moment } = useFormats();
  if (!invitation) return null;
  if (!invitation.confirmed_at) return <p className="text-sm text-muted">{invitation.state === 'accepted' ? t('notConfirmed', { gender }) : t('invitedShort', { gender })}</p>;
  const { hijri, gregorian } = moment(invitation.confirmed_at);
  return <p className="text-sm font-semibold text-emerald-800">{t('confirmed', { gender, date: `${hijri} (${gregorian})` })}</p>;
}
