import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { officeCatalogue } from '@/lib/server/office/catalogue';

// GET /api/v1/office/catalogue – the services, fees and seasons (admins).
export const GET = route.staff('catalogue', async () => ok(await officeCatalogue(), { headers: { 'Cache-Control': 'no-store' } }));
