import { route } from '@/lib/server/http/handler';
import { publicSiteUrl } from '@/lib/server/http/origin';
import { openApiDocument } from '@/lib/server/openapi/document';

// Built once per instance: it changes only with a deployment.
let document: ReturnType<typeof openApiDocument> | undefined;

// GET /api/v1/openapi.json – the API's OpenAPI 3.1 document, generated from the handlers' zod schemas (docs/API.md).
export const GET = route.public(async () => {
  document ??= openApiDocument(publicSiteUrl());
  return Response.json(document, { headers: { 'cache-control': 'public, max-age=300' } });
});
