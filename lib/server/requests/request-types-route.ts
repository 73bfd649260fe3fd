import 'server-only';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listRequestTypesShared, publicRequestType } from './request-types';

// GET /api/v1/request-types – the services on offer: fees, open season (Hijri and Gregorian), companion limit, places left.
// Never kept by a cache on the way (issue 63, item 2): every page that shows places left reads them from here every
// few seconds (components/requests/use-places-left.ts), so on an opening day every open home page asks. Defined here,
// not in the route file, because two doors lead to it, as to the opening queue: the route file for Next.js, and the
// front door's hot routes (lib/server/http/hot-routes.ts), which answer it without Next.js's routing.
export const GET = route.public(async () => ok((await listRequestTypesShared()).map(publicRequestType), { headers: { 'Cache-Control': 'no-store' } }));
