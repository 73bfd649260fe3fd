import { queueQuerySchema } from '@/lib/office/queue-schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { exportQueue } from '@/lib/server/office/export';

// GET /api/v1/office/export?(the queue's filters) – the filtered queue as CSV (finance, admins; audited).
export const GET = route.staff('export', { query: queueQuerySchema }, async ({ request, member, query }) => {
  const csv = await exportQueue(query, member, clientAddress(request));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="requests-${day}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
