import { openingControlSchema } from '@/lib/office/queue-schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { serviceParam } from '@/lib/server/http/params';
import { ok } from '@/lib/server/http/respond';
import { staffActor } from '@/lib/server/office/office-auth';
import { controlOpening } from '@/lib/server/openings/openings';
import { officeOpening } from '@/lib/server/openings/queue-places';

// GET /api/v1/office/openings/{service} – an opening as it runs: waiting, admitted, sent, sold out, the rate and
// when the last one waiting will be admitted (every member). POST – pause, resume or end it (admins; audited).
export const GET = route.staff('dashboard', { params: { service: serviceParam } }, async ({ params }) => ok(await officeOpening(params.service)));

export const POST = route.staff('catalogue', { params: { service: serviceParam }, body: openingControlSchema }, async ({ request, member, params, body }) => {
  await controlOpening(params.service, body.action, staffActor(member), clientAddress(request));
  return ok(await officeOpening(params.service));
});
