import { staffLoginSchema } from '@/lib/office/schemas';
import { clientAddress } from '@/lib/server/http/client-address';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { staffPasswordStep } from '@/lib/server/office/staff-sign-in';

// POST /api/v1/office/auth/login – a staff member's password: answers the challenge for the code (or, the first time, a secret to enrol).
export const POST = route.public({ from: 'console', body: staffLoginSchema }, async ({ request, body }) => ok(await staffPasswordStep(body, clientAddress(request))));
