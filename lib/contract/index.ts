// The API's answers, once (issue 39 item 2): zod schemas that the OpenAPI
// document is generated from (lib/server/openapi) and the tests check every
// answer against, each with its inferred type beside it, which the services
// return and the browser's clients read. One file per area of the document:
// common (timestamps, envelopes, pages, errors), accounts, requests, payments,
// notifications (and push devices), office (the console and the operator API),
// content, service.
//
// Why shared schemas and not a client generated from the document
// (openapi-typescript + openapi-fetch): the schemas are already the source the
// document is made from, so types inferred from them cannot drift and need no
// generation step or generated file to keep in step. A generated client would
// also put a second fetch layer beside lib/api-client.ts and its own rules
// (FormData bodies, a 401 signs out, the `redirect` field), and its runtime
// into the public pages' first-load JavaScript, where a type import costs nothing.
//
// Browser code imports these types only (`import type … from '@/lib/contract/…'`):
// a value import would bring zod and every schema into the page's bundle.
// This index is for the document's builder, which wants them all.

export * from './common';
export * from './accounts';
export * from './requests';
export * from './payments';
export * from './notifications';
export * from './office';
export * from './content';
export * from './service';
export * from './families';
export * from './openings';
