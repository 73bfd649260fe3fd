import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { officeDashboard } from '@/lib/server/office/dashboard';

// GET /api/v1/office/dashboard – requests per status, today's and this week's submissions and payments, deadlines, the oldest waiting; refunds awaiting this member's approval (finance, admin).
export const GET = route.staff('dashboard', async ({ member }) => ok(await officeDashboard(member), { headers: { 'Cache-Control': 'no-store' } }));
