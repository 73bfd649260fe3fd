import { staffLoginSchema } from '@/lib/office/schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { readBody } from '@/lib/server/http/request-body';
import { ok } from '@/lib/server/http/respond';
import { assertConsoleOrigin } from '@/lib/server/office/office-auth';
import { staffPasswordStep } from '@/lib/server/office/staff-sign-in';

// POST /api/v1/office/auth/login – a staff member's password: answers the challenge for the code (or, the first time, a secret to enrol).
export const POST = route(async (request) => {
  assertConsoleOrigin(request);
  const input = await staffLoginSchema.parseAsync(await readBody(request));
  return ok(await staffPasswordStep(input, clientAddress(request)));
});
