import { BUILD_ID, BUILT_AT } from '@/lib/build/build-info';

export const dynamic = 'force-dynamic';

// GET /api/build?t=<timestamp> – which build this server runs; never cached.
export function GET() {
  return Response.json(
    { id: BUILD_ID, built_at: BUILT_AT },
    { headers: { 'Cache-Control': 'no-store, max-age=0' } },
  );
}
