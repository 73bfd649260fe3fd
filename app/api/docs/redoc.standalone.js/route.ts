import { route } from '@/lib/server/http/handler';
import { redocScript } from '@/lib/server/api-docs/reference-page';

// GET /api/docs/redoc.standalone.js – Redoc's bundle, for the reference page only.
export const GET = route.public(async () => redocScript());
