import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { pushConfig } from '@/lib/server/push/config';

// GET /api/v1/push/config – what a browser needs to subscribe: the Web Push key, and FCM's settings when configured.
export const GET = route.public(async () => ok(await pushConfig(), { headers: { 'Cache-Control': 'no-store' } }));
