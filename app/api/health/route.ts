import { healthResponse } from '@/lib/server/health/health';

export const dynamic = 'force-dynamic';

// GET /api/health – for load balancers and monitors: is this instance able to reach its database? No auth, never cached.
export function GET() {
  return healthResponse();
}
