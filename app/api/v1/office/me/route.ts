import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { requireStaff } from '@/lib/server/office/office-auth';

// GET /api/v1/office/me – the signed-in staff member (name, e-mail, role).
export const GET = route(async (request) => ok(await requireStaff(request, 'dashboard'), { headers: { 'Cache-Control': 'no-store' } }));
