/// <reference types="vite/client" />
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { openApiDocument } from '@/lib/server/openapi/document';

type Document = ReturnType<typeof openApiDocument>;

/** Ajv over the document's schemas: `$ref: '#/components/schemas/…'` resolves inside it. */
export function documentValidator(document: unknown) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: (document as Document).components }, 'openapi');
  const rewrite = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/'));
  return {
    errors(schema: unknown, value: unknown) {
      const validate = ajv.compile(rewrite(schema) as object);
      return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
    },
  };
}

let cached: { document: Document; validator: ReturnType<typeof documentValidator> } | undefined;

/**
 * Checks a response against the API's document: the status is one the
 * operation documents, and the body validates against that status's schema.
 * A handler that drifts from its documentation fails the test that called it.
 */
export function expectDocumented(method: string, route: string, status: number, body: unknown) {
  cached ??= (() => {
    const document = openApiDocument('http://localhost');
    return { document, validator: documentValidator(document) };
  })();
  const operation = (cached.document.paths[route] as Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }> | undefined)?.[method.toLowerCase()];
  expect(operation, `${method} ${route} is not in the document`).toBeDefined();
  const response = operation!.responses[String(status)];
  expect(response, `${method} ${route} does not document ${status}`).toBeDefined();
  const schema = response!.content?.['application/json']?.schema;
  if (schema && body !== undefined) expect(cached.validator.errors(schema, body), `${method} ${route} ${status}`).toEqual([]);
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
let handlers: Promise<Map<unknown, { method: string; route: string }>> | undefined;

/** Which operation a route handler is: every module under app/api, imported once per test file. */
function operationOf(handler: unknown) {
  handlers ??= (async () => {
    const map = new Map<unknown, { method: string; route: string }>();
    const modules = import.meta.glob('/app/api/**/route.ts');
    for (const [file, load] of Object.entries(modules)) {
      const routeModule = (await load()) as Record<string, unknown>;
      const route = file.replace(/^\/app/, '').replace(/\/route\.ts$/, '').replace(/\[([^\]]+)\]/g, '{$1}');
      for (const method of METHODS) if (routeModule[method]) map.set(routeModule[method], { method, route });
    }
    return map;
  })();
  return handlers.then((map) => map.get(handler));
}

/** The route handler of an operation of the document (`POST`, `/api/v1/requests/{id}/submit`), if one exists. */
export async function handlerOf(method: string, route: string) {
  await operationOf(undefined);
  for (const [handler, operation] of await handlers!) if (operation.method === method.toUpperCase() && operation.route === route) return handler;
  return undefined;
}

/**
 * Every response an API test receives through test/api.ts's call(): checked
 * against the document (its status documented, its JSON body valid), except
 * the catch-all's 404s.
 */
export async function expectResponseDocumented(handler: unknown, status: number, contentType: string | null, body: unknown) {
  const operation = await operationOf(handler);
  if (!operation || operation.route === '/api/v1/{...rest}') return;
  expectDocumented(operation.method, operation.route, status, contentType?.startsWith('application/json') ? body : undefined);
}
