import { exportQuerySchema } from '@/lib/office/queue-schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { exportQueue } from '@/lib/server/office/export';
import { exportLocale } from '@/lib/server/office/export-locale';
import { OFFICE_TIME_ZONE } from '@/lib/office/time-zone';
import { zonedDayAndTime } from '@/lib/i18n/numbers';

// GET /api/v1/office/export?(the queue's filters)&locale= – the filtered queue as CSV in the console's language (finance, admins; audited).
export const GET = route.staff('export', { query: exportQuerySchema }, async ({ request, member, query: { locale, ...filters } }) => {
  const csv = await exportQueue(filters, exportLocale(request, locale), member, clientAddress(request));
  // Named by the office's day, as the times inside are on its clock.
  const { day } = zonedDayAndTime(new Date(), OFFICE_TIME_ZONE);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="requests-${day}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
