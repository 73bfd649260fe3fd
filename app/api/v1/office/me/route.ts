import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';

// GET /api/v1/office/me – the signed-in staff member (name, e-mail, role).
export const GET = route.staff('dashboard', async ({ member }) => ok(member, { headers: { 'Cache-Control': 'no-store' } }));
