import { staffChangeSchema } from '@/lib/office/queue-schemas';
import type { StaffRole } from '@/lib/office/roles';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { requireStaff } from '@/lib/server/office/office-auth';
import { changeStaff } from '@/lib/server/office/staff-admin';

// PATCH /api/v1/office/staff/{id} – an admin changes a member's role, or disables/enables them (never the last admin, never themselves).
export const PATCH = route<{ id: string }>(async (request, { params }) => {
  const member = await requireStaff(request, 'staff');
  const input = await staffChangeSchema.parseAsync(await readBody(request));
  return ok(await changeStaff(await idParam(params), { role: input.role as StaffRole | undefined, disabled: input.disabled }, member, clientAddress(request)));
});
