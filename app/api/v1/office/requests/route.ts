import { queueQuerySchema } from '@/lib/office/queue-schemas';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { officeQueue } from '@/lib/server/office/queue';

// GET /api/v1/office/requests?status=&type=&submitted_from=&submitted_to=&assigned=&q=&page= – the office's queue, the one waiting longest first.
export const GET = route.staff('queue', { query: queueQuerySchema }, async ({ member, query }) => {
  const { items, meta } = await officeQueue(query, member);
  return ok(items, { meta, headers: { 'Cache-Control': 'no-store' } });
});
