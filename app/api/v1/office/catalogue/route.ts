import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { requireStaff } from '@/lib/server/office/office-auth';
import { officeCatalogue } from '@/lib/server/office/catalogue';

// GET /api/v1/office/catalogue – the services, fees and seasons (admins).
export const GET = route(async (request) => {
  await requireStaff(request, 'catalogue');
  return ok(await officeCatalogue(), { headers: { 'Cache-Control': 'no-store' } });
});
