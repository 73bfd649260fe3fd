import { officeCalendarSchema } from '@/lib/office/queue-schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { changeOfficeCalendar, readOfficeCalendar } from '@/lib/server/office/office-calendar';

// GET /api/v1/office/calendar – the office's working week and holidays, which the review clocks count in (admins).
export const GET = route.staff('catalogue', async () => ok(await readOfficeCalendar(), { headers: { 'Cache-Control': 'no-store' } }));

// PUT /api/v1/office/calendar – an admin sets them (audited); clocks started, paused or resumed from now on count in them.
export const PUT = route.staff('catalogue', { body: officeCalendarSchema }, async ({ request, member, body }) => ok(await changeOfficeCalendar(body, member, clientAddress(request))));
