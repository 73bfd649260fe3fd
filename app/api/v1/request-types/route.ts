import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listRequestTypes, publicRequestType } from '@/lib/server/requests/request-types';

// GET /api/v1/request-types – the services on offer: fees, open season (Hijri and Gregorian), companion limit.
export const GET = route.public(async () => ok((await listRequestTypes()).map(publicRequestType)));
