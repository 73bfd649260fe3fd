import { route } from '@/lib/server/http/handler';
import { referencePage } from '@/lib/server/api-docs/reference-page';

// GET /api/docs – the API reference for people (Redoc over GET /api/v1/openapi.json; docs/API.md).
export const GET = route.public(async () => referencePage());
