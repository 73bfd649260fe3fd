import { staffChangeSchema } from '@/lib/office/queue-schemas';
import type { StaffRole } from '@/lib/office/roles';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { requireSomeChange } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { changeStaff } from '@/lib/server/office/staff-admin';

// PATCH /api/v1/office/staff/{id} – an admin changes a member's role, or disables/enables them (never the last admin, never themselves).
// An empty change is refused (422), never audited nor ending the member's sessions for nothing.
export const PATCH = route.staff('staff', { params: { id: idParam }, body: staffChangeSchema }, async ({ request, member, params, body }) => {
  requireSomeChange(body);
  return ok(await changeStaff(params.id, { role: body.role as StaffRole | undefined, disabled: body.disabled }, member, clientAddress(request)));
});
