// GET /api/v1/request-types: its handler lives in lib/server/requests/request-types-route.ts, where the front door's
// hot routes (lib/server/http/hot-routes.ts) answer it too, before Next.js's routing: every page showing places left
// reads it every few seconds.
export { GET } from '@/lib/server/requests/request-types-route';
