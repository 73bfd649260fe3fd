import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listRequestTypes, publicRequestType } from '@/lib/server/requests/request-types';

// GET /api/v1/request-types – the services on offer: fees, open season (Hijri and Gregorian), companion limit, places left.
// Never kept by a cache on the way (issue 63, item 2): the pages read places left from here every few seconds.
export const GET = route.public(async () => ok((await listRequestTypes()).map(publicRequestType), { headers: { 'Cache-Control': 'no-store' } }));
