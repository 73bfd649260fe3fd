import 'server-only';
import type { User } from '@/lib/server/auth/session-types';

/** The user as the API shows it: never the password hash. */
export type PublicUser = { id: string; name: string; email: string; email_verified: boolean; phone: string | null; locale: string; created_at: string };

export function publicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    phone: user.phone,
    locale: user.locale,
    created_at: user.createdAt.toISOString(),
  };
}
