import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { call } from '@/test/api';
import { documentValidator } from '@/test/openapi-response';
import { openApiDocument } from '@/lib/server/openapi/document';
import * as route from './openapi.json/route';
import * as docsRoute from '../docs/route';
import * as redocRoute from '../docs/redoc.standalone.js/route';

// The API's document (issue 22): every route is in it, and every example validates against its own schema.

type Document = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Record<string, unknown>>>; components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> } };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every route handler under app/api: its path as OpenAPI writes it, and its methods. */
function routes() {
  const root = path.join(process.cwd(), 'app');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : name === 'route.ts' ? [full] : [];
    });
  return files(path.join(root, 'api'))
    .map((file) => {
      const route = '/' + path.relative(root, path.dirname(file)).split(path.sep).map((segment) => segment.replace(/^\[(.+)\]$/, '{$1}')).join('/');
      const source = readFileSync(file, 'utf8');
      // Defined in the file, or re-exported from where a second door calls them too (lib/server/http/hot-routes.ts).
      const exported = (method: string) => new RegExp(`export (const|async function|function) ${method}\\b`).test(source) || new RegExp(`export \\{[^}]*\\b${method}\\b[^}]*\\} from`).test(source);
      return { route, methods: METHODS.filter(exported) };
    })
    // The catch-all answers 404 to every path the API does not have.
    .filter(({ route }) => route !== '/api/v1/{...rest}');
}

async function fetchDocument() {
  const { status, json } = await call(route.GET);
  expect(status).toBe(200);
  return json as unknown as Document;
}

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document with the error envelope and the security schemes', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBeTruthy();
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['bearer', 'cookie', 'opsKey', 'staffCookie']);
    expect(document.components.schemas.Error).toMatchObject({ type: 'object', required: ['error'] });
  });

  it('has every route of app/api with each of its methods, and nothing that does not exist', async () => {
    const document = await fetchDocument();
    const inCode = routes().flatMap(({ route, methods }) => methods.map((method) => `${method} ${route}`)).sort();
    const documented = Object.entries(document.paths).flatMap(([route, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`)).sort();
    expect(documented).toEqual(inCode);
  });

  it('says which fields are required, as the rules do', async () => {
    const document = await fetchDocument();
    const register = document.paths['/api/v1/auth/register']!.post!.requestBody as { content: Record<string, { schema: { required?: string[]; properties: Record<string, { maxLength?: number; enum?: string[] }> } }> };
    expect(register.content['application/json']!.schema.required?.sort()).toEqual(['email', 'name', 'password', 'password_confirmation']);
    const create = document.paths['/api/v1/requests']!.post!.requestBody as typeof register;
    expect(create.content['application/json']!.schema.properties.type!.enum).toEqual(['hajj', 'umrah']);
  });

  it('has examples that validate against their own schemas', async () => {
    const document = await fetchDocument();
    const validator = documentValidator(document);
    let checked = 0;
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const body = (operation.requestBody as { content?: Record<string, { schema: unknown; example?: unknown }> } | undefined)?.content?.['application/json'];
        if (body?.example !== undefined) {
          expect(validator.errors(body.schema, body.example), `${method} ${route} request example`).toEqual([]);
          checked += 1;
        }
        for (const [status, response] of Object.entries(operation.responses as Record<string, { content?: Record<string, { schema: unknown; example?: unknown }> }>)) {
          const content = response.content?.['application/json'];
          if (content?.example !== undefined) {
            expect(validator.errors(content.schema, content.example), `${method} ${route} ${status} example`).toEqual([]);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("reads clean to outside tools: Redocly's recommended lint finds nothing", async () => {
    // As a deployment serves it: its server is the site's APP_URL (the rule refuses localhost, which only tests serve).
    const source = JSON.stringify(openApiDocument('https://portal.labbaik.sa'));
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) });
    expect(problems.map((problem) => `${problem.ruleId} (${problem.severity}): ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('is a page that loads Redoc from this server over the document, under a policy of its own', async () => {
    const page = await docsRoute.GET(new Request('http://portal.test/api/docs'), { params: Promise.resolve({} as never) });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const html = await page.text();
    expect(html).toContain('<redoc spec-url="/api/v1/openapi.json"');
    expect(html).toContain('<script src="/api/docs/redoc.standalone.js"></script>');
    // No inline script: the policy could not run one.
    expect(html.match(/<script/g)).toHaveLength(1);

    const script = await redocRoute.GET(new Request('http://portal.test/api/docs/redoc.standalone.js'), { params: Promise.resolve({} as never) });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await script.text()).length).toBeGreaterThan(500_000);
  });
});
