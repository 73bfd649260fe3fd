import 'server-only';
import { isProvenSameOrigin } from '@/lib/server/http/cross-site';
import { ApiError } from '@/lib/server/http/errors';
import { can, type OfficePermission } from '@/lib/office/roles';
import { clearedStaffSessionCookie, readStaffCookie } from './staff-cookie';
import { staffByToken, type StaffMember } from './staff-sessions';

/**
 * Every change to the console's API must prove it comes from the console's
 * own pages (Sec-Fetch-Site same-origin, or the site's Origin): a staff
 * cookie alone changes nothing. 403 `cross_site`.
 */
export function assertConsoleOrigin(request: Request) {
  if (request.method !== 'GET' && request.method !== 'HEAD' && !isProvenSameOrigin(request)) throw new ApiError('forbidden', { messageKey: 'cross_site' });
}

/**
 * The staff member behind a console API call, allowed `permission`: the staff
 * cookie only (a pilgrim's token or cookie opens nothing here), a live
 * session (401, which clears the staff cookie), the role's permission (403).
 */
export async function requireStaff(request: Request, permission: OfficePermission): Promise<StaffMember> {
  assertConsoleOrigin(request);
  const token = readStaffCookie(request.headers.get('cookie'));
  const member = token ? await staffByToken(token) : null;
  if (!member) throw new ApiError('unauthenticated', { messageKey: 'staff_unauthenticated', clearsCookie: clearedStaffSessionCookie() });
  if (!can(member.role, permission)) throw new ApiError('forbidden');
  return member;
}

/** The audit log's actor for a member. */
export const staffActor = (member: StaffMember) => ({ kind: 'staff' as const, id: member.id, email: member.email });
