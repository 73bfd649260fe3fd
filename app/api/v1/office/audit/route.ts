import { auditQuerySchema } from '@/lib/office/queue-schemas';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { auditEntries } from '@/lib/server/office/audit-log';

// GET /api/v1/office/audit?actor=&action=&target=&reference=&from=&to=&page= – the audit log, newest first, with the names and references its sentences need (admins).
export const GET = route.staff('audit', { query: auditQuerySchema }, async ({ query }) => {
  const { items, meta } = await auditEntries(query);
  return ok(items, { meta, headers: { 'Cache-Control': 'no-store' } });
});
