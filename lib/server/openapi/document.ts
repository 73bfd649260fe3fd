import { STATUS } from '@/lib/server/http/errors';
import { errorEnvelope } from '@/lib/contract/common';
import { jsonSchema } from './json-schema';
import { OPERATIONS, type Auth, type Operation } from './operations';

const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed: not JSON, a malformed percent-encoding, an oversized header',
  401: 'No session, or it ended',
  403: 'Forbidden: from another site, a forged signature, an unconfirmed address (email_unverified)',
  404: 'Not found, or not yours',
  409: 'Conflict: the request is not in a state that allows it, or a stale version, or (sending, joining the reserve list) the account already holds an unpaid request of the service or a passport is on another live request; sold_out: too few places left in the package (error.places: package, places_left, needed); queue_required: the service’s opening admits through its queue and the account has no turn (queue: url of the queue page, opens_at)',
  413: 'Body too large (64 KB; an upload 2 MB)',
  415: 'Unsupported content type',
  422: 'Validation failed: error.fields has a message per field',
  429: 'Too many requests: Retry-After says when to try again',
  431: 'Headers too large (over 16 KB, often too many cookies): answered by the server before any route',
  500: 'Server error (never with internals)',
  503: 'The database is unavailable: Retry-After',
};

const SECURITY: Record<Auth, unknown[] | undefined> = {
  none: [],
  link: [],
  session: [{ bearer: [] }, { cookie: [] }],
  optional: [{}, { bearer: [] }, { cookie: [] }],
  ops: [{ opsKey: [] }],
  staff: [{ staffCookie: [] }],
  signature: [],
};

function operationObject(op: Operation) {
  // Every change is refused from another site (403), and every body may be malformed, too large or of the wrong type.
  const errors = new Set([...op.errors, 400, 429, 431, 500, 503, ...(op.method === 'get' ? [] : [403]), ...(op.body ? [413, 415] : [])]);
  const responses: Record<string, unknown> = {};
  for (const success of op.success) {
    const content = success.schema
      ? { [success.contentType ?? 'application/json']: { schema: jsonSchema(success.schema, 'output'), ...(success.example ? { example: success.example } : {}) } }
      : success.contentType
        ? { [success.contentType]: { schema: {} } }
        : undefined;
    responses[String(success.status)] = { description: success.description, ...(content ? { content } : {}) };
  }
  // A status the operation answers in its own shape (the health check's 503) is not an error envelope.
  for (const status of [...errors].sort().filter((status) => !op.success.some((success) => success.status === status))) {
    responses[String(status)] = { description: ERROR_TEXT[status] ?? 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  const parameters = [
    ...Object.entries(op.params ?? {}).map(([name, description]) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } })),
    ...(op.query ? queryParameters(op.query) : []),
  ];
  return {
    operationId: `${op.method}${op.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: op.summary,
    tags: [op.tag],
    ...(op.tag === 'Operator' ? { 'x-operator': true } : {}),
    security: SECURITY[op.auth],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: !op.body.optional,
            content: Object.fromEntries(
              (op.body.types ?? ['application/json']).map((type) => [type, { schema: bodySchema(op.body!), ...(op.body!.example !== undefined && type === 'application/json' ? { example: op.body!.example } : {}) }]),
            ),
          },
        }
      : {}),
    responses,
  };
}

function bodySchema(body: NonNullable<Operation['body']>) {
  const schema = jsonSchema(body.schema, 'input');
  if (body.partial) delete schema.required;
  return schema;
}

function queryParameters(query: Operation['query']) {
  const schema = jsonSchema(query!, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property }));
}

/** The document's tags (each operation names one in OPERATIONS), in the order a reader meets them. */
const TAGS = {
  Accounts: 'Registering, signing in and out, Google sign-in, e-mail verification and password reset.',
  Account: 'The signed-in pilgrim: profile, e-mail preferences, devices and sessions, what needs doing, deleting the account.',
  Requests: 'Applications for Hajj and Umrah: drafts saved step by step, documents, sending, the reserve list, cancelling.',
  Openings: 'A service’s opening (docs/OPENING.md): the queue before and while sending opens, a random order for those who came before it, admission at the office’s rate.',
  Families: 'Companions invited by the applicant to their own part of a request: the invitation, and what the companion sees, corrects and confirms.',
  Payments: 'Paying a request’s fee through the gateway, the outcome, receipts, and the gateway’s signed webhooks.',
  Notifications: 'The pilgrim’s notices: the list, read marks and the live stream (server-sent events).',
  Content: 'The catalogue of services, FAQs and static pages, in both languages.',
  Operator: 'The office’s automation, with its X-Ops-Key: moving requests, recording payments, adding staff.',
  Office: 'The office console: staff sign-in with two-factor, the queue, decisions, the catalogue, staff and the audit log.',
  Service: 'The service itself: health, the build and this document.',
} as const;

/** The API's OpenAPI 3.1 document, generated from OPERATIONS (served at GET /api/v1/openapi.json). */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Labbaik Pilgrim Services API',
      version: '1',
      description:
        'The API of the pilgrims’ portal (DESIGN section 6). Errors share one envelope, {error: {code, message, fields?}}; messages are in the reader’s language (Accept-Language). ' +
        'Write requests from a browser are refused from another site (403). The operator API (tag Operator) takes the office’s X-Ops-Key.',
      'x-error-codes': Object.entries(STATUS).map(([code, status]) => ({ code, status })),
      // The API is the portal's own, under the terms every user accepts (the terms page of this same site).
      license: { name: 'Proprietary: the pilgrimage office’s terms of use', url: `${serverUrl}/en/static/terms` },
    },
    servers: [{ url: serverUrl, description: 'This portal (its APP_URL)' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorEnvelope, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by sign-in or registration' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'session', description: 'The session cookie set by sign-in (HttpOnly)' },
        opsKey: { type: 'apiKey', in: 'header', name: 'X-Ops-Key', description: 'The office’s key (operator API only)' },
        staffCookie: { type: 'apiKey', in: 'cookie', name: 'office_session', description: 'The office console’s staff session (HttpOnly, SameSite=Strict), set by /office/auth/code' },
      },
    },
  };
}
