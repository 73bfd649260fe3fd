import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { can, type OfficePermission } from '@/lib/office/roles';
import { STAFF_COOKIE } from './staff-cookie';
import { staffByToken, type StaffMember } from './staff-sessions';

/** The staff member whose cookie came with this page's request, if their session is alive. */
export async function pageStaff(): Promise<StaffMember | null> {
  const token = (await cookies()).get(STAFF_COOKIE)?.value;
  return token ? staffByToken(token) : null;
}

/**
 * A console page's guard, on the server before anything renders: no live
 * staff session → the console's sign-in; a role without the permission → the
 * dashboard. (The API checks again on every call.)
 */
export async function requirePageStaff(locale: string, permission: OfficePermission): Promise<StaffMember> {
  const member = await pageStaff();
  if (!member) redirect(`/${locale}/office/login`);
  if (!can(member.role, permission)) redirect(`/${locale}/office`);
  return member;
}
