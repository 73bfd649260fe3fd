import 'server-only';
import type { AppLocale } from '@/i18n/routing';
import { translatorFor } from '@/lib/i18n/translator';
import { formatCount, pageDigits, requestFormats } from '@/lib/i18n/formats';
import { publicSiteUrl } from '@/lib/server/http/origin';
import type { NotificationItem } from '@/lib/contract/notifications';
import type { MailContent } from './templates/mail-layout';
import { CODE_LIFETIME_MINUTES } from '@/lib/server/accounts/email-tokens';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';

/** What each e-mail is for; the outbox row's `kind`. */
export const MAIL_KINDS = [
  'verify_email',
  'change_email',
  'email_changed',
  'reset_password',
  'password_changed',
  'staff_invite',
  'staff_locked',
  'staff_two_factor_enrolled',
  'staff_recovery_code_used',
  'staff_sign_in_reset',
  'staff_refund_proposed',
  'companion_invite',
  'notification',
] as const;
/** E-mails to a member of staff (no pilgrim's account): the outbox row holds the address, and the language in params.locale. */
export const STAFF_MAIL_KINDS: readonly MailKind[] = ['staff_invite', 'staff_locked', 'staff_two_factor_enrolled', 'staff_recovery_code_used', 'staff_sign_in_reset', 'staff_refund_proposed'];
export type MailKind = (typeof MAIL_KINDS)[number];
/** E-mails to an address that may have no account yet: the outbox row holds the address, and the language in params.locale. */
export const ADDRESS_MAIL_KINDS: readonly MailKind[] = [...STAFF_MAIL_KINDS, 'companion_invite'];

export type Composed = { subject: string; content: MailContent };

/** A page of the site in the reader's language; always from APP_URL, never from a request's headers. */
export function siteLink(locale: AppLocale, path: string, query?: Record<string, string>): string {
  const url = new URL(`/${locale}${path}`, `${publicSiteUrl()}/`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

/** The text of an account e-mail (not a notification) in the reader's language. */
export function composeAccountMail(kind: Exclude<MailKind, 'notification'>, locale: AppLocale, params: Record<string, string>): Composed {
  const t = translatorFor(locale);
  // Numbers in the reader's digits, as on the site (Arabic-Indic in Arabic).
  const n = (value: number) => formatCount(value, locale);
  const k = (key: string, values?: Record<string, string | number>) => t(`Mail.${kind}.${key}`, values);
  const base = { locale, brand: t('Brand.name'), footer: t('Mail.footer.account') };
  // An address is left-to-right text: isolated, so that it reads whole inside an Arabic sentence.
  const values = { name: params.name ?? '', email: params.email ? `\u2068${params.email}\u2069` : '' };
  // The heading and text of the e-mails that have one of each (the staff's security notices have variants).
  const common = () => ({ heading: k('heading', values), paragraphs: [k('body', values)] });
  switch (kind) {
    case 'verify_email':
    case 'change_email': {
      // `next` was checked when the account was made (confirmationReturn): a path of this site, after APP_URL here.
      const url = siteLink(locale, '/verify-email', { token: params.token ?? '', ...(params.next ? { next: params.next } : {}) });
      return {
        subject: k('subject'),
        content: {
          ...base,
          preview: k('preview'),
          ...common(),
          action: { label: k('action'), url },
          // In the reader's digits, as the rest of the e-mail; the form takes the code in either.
          code: { label: t('Mail.codeLabel'), value: pageDigits(params.code ?? '', locale) },
          notes: [t('Mail.validForCode', { hours: n(24), minutes: n(CODE_LIFETIME_MINUTES) }), k('notYou')],
        },
      };
    }
    case 'reset_password': {
      const url = siteLink(locale, '/auth/reset-password', { token: params.token ?? '' });
      return {
        subject: k('subject'),
        content: { ...base, preview: k('preview'), ...common(), action: { label: k('action'), url }, notes: [t('Mail.validForMinutes', { minutes: n(30) }), k('notYou')] },
      };
    }
    case 'staff_invite': {
      // The office console's link (built with APP_URL when the member was added): set a password, then enrol an authenticator.
      return {
        subject: k('subject'),
        content: { ...base, preview: k('preview'), ...common(), action: { label: k('action'), url: params.url ?? '' }, notes: [t('Mail.validFor', { hours: n(72) }), k('notYou')], footer: t('Mail.footer.staff') },
      };
    }
    case 'staff_sign_in_reset': {
      // After an admin reset the member's two-factor sign-in: the password went too; a new one is chosen with this link.
      return {
        subject: k('subject'),
        content: { ...base, preview: k('preview'), ...common(), action: { label: k('action'), url: params.url ?? '' }, notes: [t('Mail.validFor', { hours: n(72) }), k('notYou')], footer: t('Mail.footer.staff') },
      };
    }
    case 'staff_refund_proposed': {
      // A refund awaiting a second member (issue 63, item 4): how much, on which request, proposed by whom, and why;
      // the link opens the request in the console, where the approval has its own confirmation.
      const formats = requestFormats(locale, OFFICE_TIME_ZONE);
      const facts = {
        name: params.name ?? '',
        proposer: params.proposer ?? '',
        amount: formats.money(Number(params.amount_minor ?? 0), params.currency ?? 'SAR'),
        // A reference is an identifier read left to right, also inside an Arabic sentence.
        reference: `\u2066${params.reference ?? ''}\u2069`,
        reason: params.reason === 'package_change' ? 'package_change' : 'cancel',
      };
      return {
        subject: k('subject', facts),
        content: {
          ...base,
          preview: k('preview', facts),
          heading: k('heading', facts),
          paragraphs: [k('body', facts), k('what', facts)],
          action: { label: k('action'), url: siteLink(locale, `/office/requests/${params.request_id ?? ''}`) },
          notes: [k('own')],
          footer: t('Mail.footer.staff'),
        },
      };
    }
    case 'staff_locked':
    case 'staff_two_factor_enrolled':
    case 'staff_recovery_code_used': {
      // What happened to the member's console account, when (Saudi time, both calendars) and from which client address.
      const formats = requestFormats(locale, OFFICE_TIME_ZONE);
      const when = params.at ? formats.moment(params.at, { time: true }) : null;
      const remaining = Number(params.remaining ?? 0);
      const facts = {
        name: params.name ?? '',
        // An address is an identifier (Western digits) read left to right, also inside an Arabic sentence.
        address: `\u2066${params.address ?? ''}\u2069`,
        time: when ? `${when.hijri} (${when.gregorian})` : '',
        failures: n(5),
        minutes: n(15),
        count: remaining,
        remaining: n(remaining),
      };
      const variant = kind === 'staff_locked' ? (params.step === 'code' ? 'Code' : 'Password') : '';
      return {
        subject: k('subject'),
        content: {
          ...base,
          preview: k(`preview${variant}`, facts),
          heading: k(`heading${variant}`, facts),
          paragraphs: [k(`body${variant}`, facts), ...(kind === 'staff_recovery_code_used' ? [k('left', facts)] : [])],
          action: { label: t('Mail.staffAction'), url: siteLink(locale, '/office/login') },
          notes: [k(`notYou${variant}`, facts)],
          footer: t('Mail.footer.staff'),
        },
      };
    }
    case 'companion_invite': {
      // A companion invited to their own part of a request (issue 42): the organiser's name, the service and the reference
      // as they were when it was sent; the link signs in (or registers) with this address, then shows their part.
      const facts = { organiser: params.organiser ?? '', service: params.service ?? '', reference: params.reference ? `\u2066${params.reference}\u2069` : '', email: values.email, hasReference: params.reference ? 'yes' : 'no' };
      return {
        subject: k('subject', facts),
        content: {
          ...base,
          preview: k('preview', facts),
          heading: k('heading', facts),
          paragraphs: [k('body', facts), k('what', facts)],
          action: { label: k('action'), url: siteLink(locale, '/invitations', { token: params.token ?? '' }) },
          notes: [k('validFor', { days: n(Number(params.days ?? 14)) }), k('notYou', facts)],
          footer: t('Mail.footer.invitation'),
        },
      };
    }
    case 'email_changed':
    case 'password_changed': {
      const url = siteLink(locale, '/auth/forgot-password');
      return {
        subject: k('subject'),
        content: { ...base, preview: k('preview'), ...common(), notes: [k('notYou')], action: { label: k('action'), url } },
      };
    }
  }
}

/**
 * A notification as an e-mail: the same title and text as on the site, a button
 * to its page, and, for a request's news, how to sign in to see it (the button
 * may open on a browser that was never signed in: issue 40).
 */
export function composeNotificationMail(item: NotificationItem, locale: AppLocale, email?: string): Composed {
  const t = translatorFor(locale);
  // The site's address and the e-mail address are left-to-right text, each read whole inside an Arabic sentence.
  const signIn = item.request_id && email ? [t('Mail.notification.signInWith', { site: `\u2066${new URL(publicSiteUrl()).host}\u2069`, email: `\u2068${email}\u2069` })] : [];
  return {
    subject: item.title,
    content: {
      locale,
      brand: t('Brand.name'),
      preview: item.body,
      heading: item.title,
      paragraphs: [item.body],
      action: { label: t(item.request_id ? 'Mail.notification.openRequest' : 'Mail.notification.open'), url: siteLink(locale, item.link) },
      ...(signIn.length ? { notes: signIn } : {}),
      footer: t('Mail.footer.notification'),
      preferences: { label: t('Mail.footer.preferences'), url: siteLink(locale, '/profile') },
    },
  };
}

/** "a•••@example.org": enough for the owner to recognise, little for anyone else. */
export function maskAddress(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}
