import { registerDeviceSchema } from '@/lib/push/schemas';
import { translatorFor } from '@/lib/i18n/translator';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { ok } from '@/lib/server/http/respond';
import { listDevices, registerDevice } from '@/lib/server/push/devices';
import { storedUserAgent } from '@/lib/server/devices/user-agent';

// POST /api/v1/devices – this browser receives the user's push messages from now on.
export const POST = route.user({ body: registerDeviceSchema }, async ({ request, session, body }) =>
  ok(await registerDevice(session.user.id, body, translatorFor(requestLocale(request)), storedUserAgent(request)), { status: 201 }),
);

// GET /api/v1/devices – the browsers that receive the user's push messages ("your devices" on the profile).
export const GET = route.user(async ({ session }) => ok(await listDevices(session.user.id)));
