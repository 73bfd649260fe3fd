import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_DOCS_CSP } from '@/lib/security/csp';

// The API reference for people (issue 22): Redoc's standalone bundle, served
// by this route only, so nothing of it reaches the pilgrims' pages. It reads
// GET /api/v1/openapi.json in the browser.

export const REDOC_SCRIPT_PATH = '/api/docs/redoc.standalone.js';

const PAGE = `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Labbaik Pilgrim Services API reference</title>
</head>
<body>
<noscript>This reference needs JavaScript. The document it shows is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</noscript>
<redoc spec-url="/api/v1/openapi.json" hide-hostname="false" path-in-middle-panel="true" required-props-first="true" sort-required-props-first="true"></redoc>
<script src="${REDOC_SCRIPT_PATH}"></script>
</body>
</html>
`;

export function referencePage(): Response {
  return new Response(PAGE, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': API_DOCS_CSP,
      'cache-control': 'public, max-age=300',
    },
  });
}

// Read once per instance: it changes only with a deployment (npm install).
let script: Promise<Uint8Array> | undefined;

export async function redocScript(): Promise<Response> {
  script ??= readFile(path.join(process.cwd(), 'node_modules/redoc/bundles/redoc.standalone.js')).then((buffer) => new Uint8Array(buffer));
  return new Response((await script) as BodyInit, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'content-security-policy': API_DOCS_CSP,
      'cache-control': 'public, max-age=86400',
    },
  });
}
