import 'server-only';
import type { User } from '@/lib/server/auth/session-types';
import type { PublicUser } from '@/lib/contract/accounts';

/** The user as the API shows it: never the password hash. */
export function publicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    phone: user.phone,
    // Whether that number was confirmed with a code texted to it (issue 62): notices go by SMS only then.
    mobile_confirmed: user.phone !== null && user.phoneConfirmedAt !== null,
    // The column is text, written only with a locale of the site (registration, PATCH /me).
    locale: user.locale as PublicUser['locale'],
    created_at: user.createdAt.toISOString(),
  };
}
