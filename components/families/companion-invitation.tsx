'use client';

import { Form } from 'react-aria-components';
import { useTranslations } from 'next-intl';
import { messageOf } from '@/lib/i18n/data-keys';
import type { CompanionInvitation as CompanionInvitationInfo, RequestDetails } from '@/lib/contract/requests';
import { inviteCompanionSchema } from '@/lib/requests/api-schemas';
import { isMinorOn } from '@/lib/requests/minor';
import { useFormats } from '@/lib/i18n/use-formats';
import { genderOf } from '@/lib/requests/gender';
import { useInviteCompanion, useWithdrawInvitation } from '@/lib/families/families-api';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { FormTextField } from '@/components/forms/form-text-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { zodRules } from '@/components/forms/zod-rules';

const rules = zodRules<{ email: string }>(inviteCompanionSchema);
/** A request that is over has nothing left for a companion to check. */
const CLOSED = new Set(['cancelled', 'rejected', 'expired']);

/**
 * Under a companion's answers on the request page (issue 42): invite them by
 * e-mail to see, correct and confirm their own part; then what became of it.
 * Children are never invited: the applicant answers for them.
 */
export function CompanionInvitation({ request, index, person }: { request: RequestDetails; index: number; person: Record<string, unknown> }) {
  const t = useTranslations('Families');
  const pilgrim = `companion-${index}`;
  // By the companion's id where they have one (issue 57): the invitation is theirs, wherever the list puts them.
  const id = typeof person.pilgrim_id === 'string' && person.pilgrim_id ? person.pilgrim_id : null;
  const invitation = request.invitations.find((item) => (id ? item.pilgrim_id === id : item.pilgrim === pilgrim));
  const travelMonth = (request.data.service as { travel_month?: unknown } | undefined)?.travel_month;
  if (CLOSED.has(request.status)) return null;
  if (isMinorOn(person.date_of_birth, travelMonth)) return <p className="mt-4 text-sm text-muted">{t('childNotInvited')}</p>;

  return (
    <div className="mt-4 border-t border-slate-200 pt-4 [overflow-wrap:anywhere]" data-testid={`invitation-${pilgrim}`}>
      <h4 className="font-semibold">{t('panelTitle', { gender: genderOf(person) })}</h4>
      {invitation ? (
        <InvitationState requestId={request.id} invitation={invitation} gender={genderOf(person)} />
      ) : (
        <InviteForm requestId={request.id} pilgrim={pilgrim} target={id ?? pilgrim} email={typeof person.email === 'string' ? person.email : ''} gender={genderOf(person)} />
      )}
    </div>
  );
}

/** What became of an invitation: sent or accepted, confirmed or not, corrected by them; and the way to withdraw it. */
export function InvitationState({ requestId, invitation, gender }: { requestId: string; invitation: CompanionInvitationInfo; gender: ReturnType<typeof genderOf> }) {
  const t = useTranslations('Families');
  const fields = useTranslations('Fields');
  const { moment, list } = useFormats();
  const withdraw = useWithdrawInvitation(requestId);
  const when = (iso: string) => {
    const { hijri, gregorian } = moment(iso);
    return `${hijri} (${gregorian})`;
  };
  const pilgrim = invitation.pilgrim;
  return (
    <div className="mt-2 space-y-2 [overflow-wrap:anywhere]">
      <p role="status">
        {invitation.state === 'accepted'
          ? t('accepted', { gender, email: `\u2068${invitation.email}\u2069` })
          : t('invited', { email: `\u2068${invitation.email}\u2069`, date: when(invitation.invited_at) })}
      </p>
      {invitation.state === 'accepted' && (
        <p className={invitation.confirmed_at ? 'font-semibold text-emerald-800' : 'text-muted'} data-testid={`confirmed-${pilgrim}`}>
          {invitation.confirmed_at ? t('confirmed', { gender, date: when(invitation.confirmed_at) }) : t('notConfirmed', { gender })}
        </p>
      )}
      {invitation.edited_at && invitation.edited_fields.length > 0 && (
        <p className="text-sm" data-testid={`edited-${pilgrim}`}>
          {t('edited', { gender, fields: list(invitation.edited_fields.map((field) => messageOf(fields, field))), date: when(invitation.edited_at) })}
        </p>
      )}
      <Button variant="secondary" onPress={() => withdraw.mutate(invitation.pilgrim_id)} isPending={withdraw.isPending}>
        {t('withdraw')}
      </Button>
    </div>
  );
}

function InviteForm({ requestId, pilgrim, target, email, gender }: { requestId: string; pilgrim: string; target: string; email: string; gender: ReturnType<typeof genderOf> }) {
  const t = useTranslations('Families');
  const invite = useInviteCompanion(requestId);
  const formId = `invite-${pilgrim}`;
  const { form, summary, attempt, onSubmit } = useApiForm(rules, { email });
  const submit = onSubmit(async (values) => {
    await invite.mutateAsync({ pilgrim: target, email: values.email });
  });
  return (
    <Form onSubmit={submit} validationBehavior="aria" className="mt-2 flex flex-col gap-3" aria-label={t('inviteLabel', { gender })}>
      <p className="text-sm text-muted">{t('inviteLead', { gender })}</p>
      <ErrorSummary errors={summary} formId={formId} attempt={attempt} />
      <FormTextField control={form.control} formId={formId} name="email" type="email" autoComplete="off" label={t('email', { gender })} dir="ltr" />
      <div>
        <Button type="submit" isPending={form.formState.isSubmitting}>
          {t('invite')}
        </Button>
      </div>
    </Form>
  );
}
