import { DEVICE_TOKEN, renewDeviceSchema } from '@/lib/push/schemas';
import { authenticate } from '@/lib/server/auth/authenticate';
import { ApiError } from '@/lib/server/http/errors';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { noContent, ok } from '@/lib/server/http/respond';
import { removeDevice, renewDevice } from '@/lib/server/push/devices';

type Params = { token: string };

async function tokenParam(params: Promise<Params>) {
  const { token } = await params;
  if (!DEVICE_TOKEN.test(token)) throw new ApiError('not_found');
  return token;
}

// PATCH /api/v1/devices/{token} – the weekly renewal (with new keys when the subscription changed them).
export const PATCH = route<Params>(async (request, { params }) => {
  const session = await authenticate(request);
  const token = await tokenParam(params);
  const { subscription } = await renewDeviceSchema.parseAsync(await readBody(request));
  return ok(await renewDevice(session.user.id, token, subscription?.keys));
});

// DELETE /api/v1/devices/{token} – push switched off on that browser.
export const DELETE = route<Params>(async (request, { params }) => {
  const session = await authenticate(request);
  await removeDevice(session.user.id, await tokenParam(params));
  return noContent();
});
