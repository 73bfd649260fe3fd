// The opening queue of a service: its handlers live in lib/server/openings/queue-route.ts, where the front door's
// hot routes (lib/server/http/hot-routes.ts) answer them too, before Next.js's routing, in an opening minute.
export { DELETE, GET, POST } from '@/lib/server/openings/queue-route';
