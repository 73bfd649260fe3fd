'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { ApiClientError } from '@/lib/api-client';
import { STAFF_ROLES } from '@/lib/office/roles';
import { useChangeStaff, useInviteStaff, useOfficeStaff, useResetTwoFactor } from '@/lib/office/office-requests-api';
import type { StaffListed } from '@/lib/contract/office';
import { PlainButton } from '@/components/ui/plain-button';
import { useFormats } from '@/lib/i18n/use-formats';
import { ErrorSummary } from '@/components/ui/error-summary';
import { useApiForm } from '@/components/forms/use-api-form';
import { messageOf } from '@/lib/i18n/data-keys';

const inputClass = 'rounded-lg border border-slate-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ink';

/** The staff for admins (issue 18, item 7): invite, change a role, disable or enable, reset two-factor. */
export function OfficeStaff({ selfId }: { selfId: string }) {
  const t = useTranslations('Office.staff');
  const { data, isError } = useOfficeStaff();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <Invite />
      {message && <p role="status" className="rounded-lg bg-brand-50 p-3">{message}</p>}
      {isError && <p role="alert">{t('failed')}</p>}
      {!data && !isError && <p aria-busy="true">{t('loading')}</p>}
      {data && (
        <section aria-labelledby="staff-list" className="flex flex-col gap-3">
          <h2 id="staff-list" className="text-lg font-bold">{t('listTitle')}</h2>
          <ul className="flex flex-col gap-3">
            {data.map((member) => (
              <Member key={member.id} member={member} self={member.id === selfId} onDone={setMessage} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

type InviteValues = { name: string; email: string; role: string };
const NO_ONE: InviteValues = { name: '', email: '', role: 'reviewer' };

function Invite() {
  const t = useTranslations('Office.staff');
  const roles = useTranslations('Office.roles');
  const invite = useInviteStaff();
  // Whom the last invitation went to. Its link goes to them alone, by e-mail, never to this screen (issue 58, item 3).
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The server checks the invitation (lib/office/schemas.ts), and its errors go on the fields.
  const { form, summary, attempt, onSubmit } = useApiForm<InviteValues>(undefined, NO_ONE, { checkOn: 'submit', offlineMessage: t('failedChange') });
  const submit = onSubmit(async (values) => {
    setSentTo(null);
    const { staff } = await invite.mutateAsync({ ...values, name: values.name.trim(), email: values.email.trim() });
    setSentTo(staff.email);
    form.reset(NO_ONE);
  });
  const errorOf = (field: 'name' | 'email') => form.formState.errors[field]?.message;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-title" className="flex flex-col gap-4 rounded-xl border border-slate-300 bg-white p-5">
      <h2 id="invite-title" className="text-lg font-bold">{t('inviteTitle')}</h2>
      <p className="text-sm text-muted">{t('inviteLead')}</p>
      <ErrorSummary errors={summary} formId="invite" attempt={attempt} />
      {sentTo && (
        <p role="status" className="rounded-lg bg-brand-50 p-3">
          {t('invited', { email: `\u2068${sentTo}\u2069` })}
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {(['name', 'email'] as const).map((field) => (
          <label key={field} className="flex flex-col gap-1">
            <span className="font-semibold">{t(`fields.${field}`)}</span>
            {errorOf(field) && <span id={`invite-${field}-error`} className="text-sm font-medium text-red-700">{errorOf(field)}</span>}
            <input
              id={`invite-${field}`}
              type={field === 'email' ? 'email' : 'text'}
              dir={field === 'email' ? 'ltr' : undefined}
              {...form.register(field)}
              aria-invalid={errorOf(field) ? true : undefined}
              aria-describedby={errorOf(field) ? `invite-${field}-error` : undefined}
              className={inputClass}
            />
          </label>
        ))}
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t('fields.role')}</span>
          <select id="invite-role" {...form.register('role')} className={inputClass}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>{roles(role)}</option>
            ))}
          </select>
        </label>
      </div>
      <PlainButton type="submit" isPending={invite.isPending} className="self-start">{t('invite')}</PlainButton>
    </form>
  );
}

function Member({ member, self, onDone }: { member: StaffListed; self: boolean; onDone: (message: string) => void }) {
  const t = useTranslations('Office.staff');
  const roles = useTranslations('Office.roles');
  const formats = useFormats();
  const change = useChangeStaff();
  const reset = useResetTwoFactor();
  const [role, setRole] = useState<string>(member.role);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await action();
      onDone(done);
    } catch (failure) {
      setError(failure instanceof ApiClientError ? failure.message : t('failedChange'));
    }
  };
  const states = [member.disabled ? t('state.disabled') : t('state.active'), member.two_factor ? t('state.twoFactor') : t('state.noTwoFactor'), ...(member.locked ? [t('state.locked')] : []), ...(member.password_set ? [] : [t('state.invited')])];
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-300 bg-white p-4" aria-labelledby={`member-${member.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`member-${member.id}`} className="font-bold">
          {member.name} {self && <span className="text-sm font-normal text-muted">({t('you')})</span>}
        </h3>
        <span dir="ltr" className="break-all text-sm">{member.email}</span>
      </div>
      <p className="text-sm text-muted">{[roles(member.role), ...states].join(formats.separator)}</p>
      <p className="text-sm text-muted">{member.invited_by ? t('invitedBy', { name: `\u2068${member.invited_by.name}\u2069` }) : t('addedByOperator')}</p>
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
      {!self && (
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-semibold">{t('roleOf', { name: member.name })}</span>
            <select value={role} onChange={(e) => setRole(e.target.value)} className={inputClass}>
              {STAFF_ROLES.map((value) => (
                <option key={value} value={value}>{roles(value)}</option>
              ))}
            </select>
          </label>
          <PlainButton variant="secondary" isPending={change.isPending} disabled={role === member.role} onClick={() => run(() => change.mutateAsync({ id: member.id, role }), t('roleChanged', { name: member.name, role: messageOf(roles, role) }))} className="px-3 py-2 text-sm">
            {t('changeRole')}
          </PlainButton>
          <PlainButton variant="secondary" onClick={() => run(() => change.mutateAsync({ id: member.id, disabled: !member.disabled }), t(member.disabled ? 'enabled' : 'disabledDone', { name: member.name }))} className="px-3 py-2 text-sm">
            {member.disabled ? t('enable', { name: member.name }) : t('disable', { name: member.name })}
          </PlainButton>
          {member.two_factor && (
            <PlainButton variant="secondary" isPending={reset.isPending} onClick={() => run(() => reset.mutateAsync(member.id), t('resetDone', { name: member.name }))} className="px-3 py-2 text-sm">
              {t('resetTwoFactor', { name: member.name })}
            </PlainButton>
          )}
        </div>
      )}
    </li>
  );
}
