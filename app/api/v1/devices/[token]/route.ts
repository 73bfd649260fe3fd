import { DEVICE_TOKEN, renewDeviceSchema } from '@/lib/push/schemas';
import { ApiError } from '@/lib/server/http/errors';
import { route } from '@/lib/server/http/handler';
import type { ParamValue } from '@/lib/server/http/params';
import { noContent, ok } from '@/lib/server/http/respond';
import { removeDevice, renewDevice } from '@/lib/server/push/devices';

/** A `{token}` of another shape than ours names no device: 404. */
function deviceToken(value: ParamValue): string {
  if (typeof value !== 'string' || !DEVICE_TOKEN.test(value)) throw new ApiError('not_found');
  return value;
}

// PATCH /api/v1/devices/{token} – the weekly renewal (with new keys when the subscription changed them).
export const PATCH = route.user({ params: { token: deviceToken }, body: renewDeviceSchema }, async ({ session, params, body }) =>
  ok(await renewDevice(session.user.id, params.token, body.subscription?.keys)),
);

// DELETE /api/v1/devices/{token} – push switched off on that browser.
export const DELETE = route.user({ params: { token: deviceToken } }, async ({ session, params }) => {
  await removeDevice(session.user.id, params.token);
  return noContent();
});
