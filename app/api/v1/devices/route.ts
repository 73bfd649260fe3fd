import { registerDeviceSchema } from '@/lib/push/schemas';
import { authenticate } from '@/lib/server/auth/authenticate';
import { translatorFor } from '@/lib/i18n/translator';
import { route } from '@/lib/server/http/handler';
import { requestLocale } from '@/lib/server/http/locale';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { listDevices, registerDevice } from '@/lib/server/push/devices';
import { storedUserAgent } from '@/lib/server/devices/user-agent';

// POST /api/v1/devices – this browser receives the user's push messages from now on.
export const POST = route(async (request) => {
  const session = await authenticate(request);
  const input = await registerDeviceSchema.parseAsync(await readBody(request));
  return ok(await registerDevice(session.user.id, input, translatorFor(requestLocale(request)), storedUserAgent(request)), { status: 201 });
});

// GET /api/v1/devices – the browsers that receive the user's push messages ("your devices" on the profile).
export const GET = route(async (request) => {
  const session = await authenticate(request);
  return ok(await listDevices(session.user.id));
});
