import 'server-only';
import { env } from '@/lib/server/env';
import { ApiError } from '@/lib/server/http/errors';
import { sameSecret } from '@/lib/server/security/same-secret';

/** The operator key (automation, `npm run ops`) proves itself with X-Ops-Key; with no OPS_API_KEY configured, nobody can. */
export function assertOpsKey(request: Request) {
  const expected = env().OPS_API_KEY;
  const given = request.headers.get('x-ops-key') ?? '';
  const ok = Boolean(expected) && sameSecret(given, expected!);
  if (!ok) throw new ApiError('forbidden');
}
