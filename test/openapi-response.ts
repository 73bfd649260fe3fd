/// <reference types="vite/client" />
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
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
  // One compiled validator per schema of the document: compiling is most of Ajv's cost, and a test file checks
  // the same few responses many times (Ajv's own cache is keyed by the object, and each rewrite is a new one).
  const compiled = new WeakMap<object, ValidateFunction>();
  return {
    errors(schema: unknown, value: unknown) {
      let validate = compiled.get(schema as object);
      if (!validate) {
        validate = ajv.compile(rewrite(schema) as object);
        compiled.set(schema as object, validate);
      }
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
const routeOfFile = (file: string) => file.replace(/^.*\/app\/api\//, '/api/').replace(/\/route\.ts$/, '').replace(/\[([^\]]+)\]/g, '{$1}');
let handlers: Promise<Map<unknown, { method: string; route: string }>> | undefined;

/** Every module under app/api, imported (what handlerOf needs: an operation's handler, whether or not the test imported it). */
function allHandlers() {
  handlers ??= (async () => {
    const map = new Map<unknown, { method: string; route: string }>();
    const modules = import.meta.glob('/app/api/**/route.ts');
    for (const [file, load] of Object.entries(modules)) {
      const routeModule = (await load()) as Record<string, unknown>;
      for (const method of METHODS) if (routeModule[method]) map.set(routeModule[method], { method, route: routeOfFile(file) });
    }
    return map;
  })();
  return handlers;
}

type EvaluatedModule = { exports?: Record<string, unknown> };
const found = new Map<unknown, { method: string; route: string } | undefined>();

/**
 * Which operation a route handler is. The handler came from a route module this test file has already
 * imported, so it is looked for among those first (Vitest's own record of them, in the worker's state): importing
 * every route module instead took 1.6 to 2.1 s of each API test file. Should that record be missing (another Vitest),
 * every route module is imported, as before.
 */
async function operationOf(handler: unknown) {
  if (found.has(handler)) return found.get(handler);
  const state = (globalThis as { __vitest_worker__?: { evaluatedModules?: { fileToModulesMap?: Map<string, Set<EvaluatedModule>> } } }).__vitest_worker__;
  for (const [file, modules] of state?.evaluatedModules?.fileToModulesMap ?? []) {
    if (!/\/app\/api\/.*\/route\.ts$/.test(file)) continue;
    for (const routeModule of modules) {
      const method = METHODS.find((name) => routeModule.exports?.[name] === handler);
      if (method) {
        found.set(handler, { method, route: routeOfFile(file) });
        return found.get(handler);
      }
    }
  }
  const operation = (await allHandlers()).get(handler);
  found.set(handler, operation);
  return operation;
}

/** The route handler of an operation of the document (`POST`, `/api/v1/requests/{id}/submit`), if one exists. */
export async function handlerOf(method: string, route: string) {
  for (const [handler, operation] of await allHandlers()) if (operation.method === method.toUpperCase() && operation.route === route) return handler;
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
