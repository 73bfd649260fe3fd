'use client';

import { useState } from 'react';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { isHijriDate } from '@/lib/validation/hijri';
import { westernDigits } from '@/lib/validation/digits';
import { useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api-client';
import type { RequestDetails } from '@/lib/contract/requests';
import { isMinorOn } from '@/lib/requests/minor';
import { useInviteCompanion } from '@/lib/families/families-api';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { genderOf } from '@/lib/requests/gender';
import { InvitationState } from './companion-invitation';

/**
 * The invitation of one companion on the companions step (issue 42). The step
 * is itself a form, so this is no form of its own: the address and the button
 * act on their own (Enter in the address invites, never continues the step),
 * and the server checks the address. The answers are saved first, so that the
 * invitation names the companion the form shows.
 */
export function WizardInvite<T extends FieldValues>({
  request,
  index,
  control,
  travelMonth,
  beforeInvite,
}: {
  request: RequestDetails;
  index: number;
  /** The step's form: this companion's age and address as typed (watched here, so typing re-renders only this). */
  control: Control<T>;
  travelMonth: unknown;
  beforeInvite: () => Promise<void>;
}) {
  const [dateOfBirth, ownEmail, pilgrimId, typedGender] = useWatch({ control, name: [`companions.${index}.date_of_birth`, `companions.${index}.email`, `companions.${index}.pilgrim_id`, `companions.${index}.gender`] as Path<T>[] }) as [unknown, unknown, unknown, unknown];
  // The companion as typed: «ادعُها» for a woman (issue 63, item 8).
  const gender = genderOf({ gender: typedGender });
  const t = useTranslations('Families');
  const invite = useInviteCompanion(request.id);
  const pilgrim = `companion-${index}`;
  // The companion by their id (issue 57): the form's list may differ from the request as it was read (someone
  // removed above them, not yet saved), and the invitation is theirs wherever they are in it.
  const id = typeof pilgrimId === 'string' && pilgrimId ? pilgrimId : null;
  // The companion's own address until another is typed here.
  const [typed, setEmail] = useState<string | null>(null);
  const email = typed ?? (typeof ownEmail === 'string' ? ownEmail : '');
  const invitation = request.invitations.find((item) => (id ? item.pilgrim_id === id : item.pilgrim === pilgrim));
  // Invited once their age is known: never a child, and nothing offered for a companion still being typed in.
  if (!invitation && (typeof dateOfBirth !== 'string' || !isHijriDate(westernDigits(dateOfBirth.trim())))) return null;
  if (!invitation && isMinorOn(dateOfBirth, travelMonth)) return <p className="mt-4 text-sm text-muted">{t('childNotInvited')}</p>;
  const failure = invite.error instanceof ApiClientError ? (invite.error.fields.email?.[0] ?? invite.error.message) : invite.error ? t('offline') : undefined;
  const send = async () => {
    await beforeInvite();
    invite.mutate({ pilgrim: id ?? pilgrim, email });
  };

  return (
    <div className="mt-4 border-t border-slate-200 pt-4" data-testid={`wizard-invitation-${pilgrim}`}>
      <h3 className="font-semibold">{t('panelTitle', { gender })}</h3>
      {invitation ? (
        <InvitationState requestId={request.id} invitation={invitation} gender={gender} />
      ) : (
        <div className="mt-2 flex flex-col gap-3">
          <p className="text-sm text-muted">{t('inviteLead', { gender })}</p>
          <TextField
            label={t('email', { gender })}
            type="email"
            autoComplete="off"
            dir="ltr"
            value={email}
            onChange={setEmail}
            isInvalid={Boolean(failure)}
            errorMessage={failure}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void send();
            }}
          />
          <div>
            <Button variant="secondary" onPress={() => void send()} isPending={invite.isPending}>
              {t('invite')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
