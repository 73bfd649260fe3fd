import { savedFilterSchema } from '@/lib/office/queue-schemas';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listSavedFilters, saveFilter } from '@/lib/server/office/saved-filters';

// GET /api/v1/office/saved-filters – the member's own named queue filters.
export const GET = route.staff('queue', async ({ member }) => ok(await listSavedFilters(member), { headers: { 'Cache-Control': 'no-store' } }));

// POST /api/v1/office/saved-filters – name the queue's filters as they are in the URL.
export const POST = route.staff('queue', { body: savedFilterSchema }, async ({ member, body }) => ok(await saveFilter(member, body.name, body.query), { status: 201 }));
