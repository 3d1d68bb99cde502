import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES } from '../src/core/errors.js';
import { IDEMPOTENT_METHODS } from '../src/core/idempotency.js';
import { buildOpenApi, type OpenApiDocument } from '../src/openapi/build.js';
import { registry } from '../src/resources/index.js';
import { apiRouteTable, controlRouteTable } from '../src/simulator/tables.js';
import { testSimulator } from './support/simulator.js';

const apiRoutes = apiRouteTable();

const SPEC_PATH = fileURLToPath(new URL('../docs/spec/messaging-api-v1.md', import.meta.url));

/** The event names of section 6's table, as the spec states them. */
const SECTION_6_EVENTS = [
  'message.received',
  'lead.captured',
  'contact.updated',
  'contact.field_changed',
  'conversation.resolved',
  'conversation.assigned',
  'appointment.booked',
  'appointment.cancelled',
  'appointment.rescheduled',
  'flow.published',
  'flow.activated',
  'flow.paused',
  'comment.handled',
  'post.scheduled',
  'post.published',
  'post.failed',
];

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }>; headers?: Record<string, unknown>; 'x-error-codes'?: string[] }>;
  security?: Record<string, string[]>[];
  'x-scope'?: string;
}

const { sim } = testSimulator();
const served = async () => {
  const res = await sim.request({ path: '/openapi.json' });
  expect(res.status).toBe(200);
  return res.body as Omit<OpenApiDocument, 'paths'> & { 'x-webhook-events': string[]; paths: Record<string, Record<string, Operation>> };
};

describe('GET /api/v1/openapi.json', () => {
  it('is served without a key, as OpenAPI 3.1, and is the same document as sim.openapiWithExamples()', async () => {
    const doc = await served();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc).toEqual(JSON.parse(JSON.stringify(sim.openapiWithExamples())));
  });

  it('is also served with any key, valid or not, and with no rate-limit headers', async () => {
    expect((await sim.request({ path: '/openapi.json', key: 'sbx_garbage' })).status).toBe(200);
  });

  it('validates as OpenAPI 3.1 with @readme/openapi-parser', async () => {
    const doc = await served();
    // The parser dereferences in place: hand it a copy, typed as the plain JSON it is.
    const result = await validate(structuredClone(doc) as unknown as Parameters<typeof validate>[0]);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
    expect(result.specification).toBe('OpenAPI');
  });

  it('is built deterministically from the route table', () => {
    expect(JSON.stringify(buildOpenApi(registry))).toBe(JSON.stringify(buildOpenApi(registry)));
  });

  it('never references #/$defs (an OpenAPI validator would reject it)', async () => {
    expect(JSON.stringify(await served())).not.toContain('#/$defs');
  });
});

describe('the document content', () => {
  it('has the three security schemes and every operation names them', async () => {
    const doc = await served();
    expect(doc.components?.securitySchemes).toMatchObject({
      ServiceApiKey: { type: 'apiKey', in: 'header', name: 'X-Service-Api-Key' },
      BearerKey: { type: 'http', scheme: 'bearer' },
      ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
    });
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.security, `${method} ${path}`).toEqual([{ ServiceApiKey: [] }, { BearerKey: [] }, { ApiKeyHeader: [] }]);
      }
    }
  });

  it('documents every route of the table, and nothing else', async () => {
    const doc = await served();
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(apiRoutes.map((r) => `${r.method} ${r.path}`).sort());
    const ids = documented.length;
    expect(new Set(apiRoutes.map((r) => r.operationId)).size).toBe(ids);
  });

  it('gives every route its parameters, body, success and error responses', async () => {
    const doc = await served();
    const schemas = doc.components?.schemas ?? {};
    const refExists = (ref: string | undefined) => ref !== undefined && ref.replace('#/components/schemas/', '') in schemas;
    for (const route of apiRoutes) {
      const where = `${route.method} ${route.path}`;
      const op = doc.paths[route.path]![route.method.toLowerCase()]!;
      expect(op.operationId, where).toBe(route.operationId);
      expect(op['x-scope'], where).toBe(route.scope);
      const params = op.parameters ?? [];

      for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
        expect(params.find((p) => p.in === 'path' && p.name === name), `${where} {${name}}`).toMatchObject({ required: true });
      }
      if (route.list && !route.list.wholeSet) {
        const limit = params.find((p) => p.name === 'limit' && p.in === 'query');
        expect(limit?.schema, where).toMatchObject({ minimum: 1, maximum: route.list.maxLimit ?? 100, default: route.list.defaultLimit });
        expect(params.some((p) => p.name === 'starting_after' && p.in === 'query'), where).toBe(true);
      }
      expect(params.some((p) => p.name === 'Idempotency-Key' && p.in === 'header'), where).toBe(IDEMPOTENT_METHODS.has(route.method));
      if (route.body) {
        const contentType = route.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json';
        expect(refExists(op.requestBody?.content[contentType]?.schema.$ref), where).toBe(true);
        // Required when a bodiless call is refused: the route says so, or its schema refuses {}.
        const refusesEmpty = route.bodyRequired === true || route.bodyType === 'multipart' || !route.body.safeParse({}).success;
        expect(op.requestBody?.required, where).toBe(refusesEmpty);
      } else {
        expect(op.requestBody, where).toBeUndefined();
      }

      for (const status of route.success.statuses) {
        const response = op.responses[String(status)];
        expect(refExists(response?.content?.['application/json']?.schema.$ref), `${where} ${status}`).toBe(true);
        expect(Object.keys(response?.headers ?? {}), where).toEqual(expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
      }
      for (const status of ['401', '403', '429', '500']) {
        expect(op.responses[status]?.content?.['application/json']?.schema.$ref, `${where} ${status}`).toBe('#/components/schemas/Error');
      }
      expect(op.responses['401']!['x-error-codes']).toEqual(expect.arrayContaining(['unauthorized', 'invalid_api_key']));
      expect(op.responses['403']!['x-error-codes']).toEqual(expect.arrayContaining(['addon_inactive', 'insufficient_scope']));
      expect(op.responses['429']!.headers).toHaveProperty('Retry-After');
      if (route.body) {
        expect(op.responses['400']!['x-error-codes'], where).toEqual(expect.arrayContaining(['invalid_json', route.bodyErrorCode ?? 'invalid_param']));
        expect(op.responses['413']!['x-error-codes']).toEqual(['payload_too_large']);
      }
      if (route.path.includes('{')) expect(op.responses['404']!['x-error-codes'], where).toContain('not_found');
      for (const code of route.errors ?? []) {
        const status = String(ERROR_CATALOGUE[code].status);
        expect(op.responses[status]?.['x-error-codes'], `${where} ${code}`).toContain(code);
      }
    }
  });

  it('has every POST, PUT and PATCH route declare its body, so a malformed or unknown one is refused (400), never ignored', () => {
    // A route without one never looks at what it is sent: malformed JSON would run the action.
    const bodiless = apiRoutes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && route.body === undefined && route.bodyType !== 'stream');
    expect(bodiless.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('types parameters as the spec does: integer ids from 1, boolean flags, date-time instants', async () => {
    const doc = await served();
    const param = (path: string, method: string, name: string) => doc.paths[path]![method]!.parameters!.find((p) => p.name === name)!.schema;
    expect(param('/contacts/{id}', 'get', 'id')).toEqual({ type: 'integer', format: 'int64', minimum: 1, maximum: 999_999_999_999_999 });
    // List filters that name a record take what the validator takes: 1 to 15 digits, never 0.
    const filterId = { type: 'integer', format: 'int64', minimum: 1, maximum: 999_999_999_999_999 };
    expect(param('/appointments', 'get', 'conversation_id')).toEqual(filterId);
    for (const name of ['flow_id', 'contact_id']) expect(param('/flow-sessions', 'get', name)).toEqual(filterId);
    for (const name of ['flow_id', 'flow_session']) expect(param('/flow-events', 'get', name)).toEqual(filterId);
    expect(param('/custom-fields', 'get', 'include_archived')).toEqual({ type: 'boolean' });
    expect(param('/conversations', 'get', 'assigned_to')).toMatchObject({ type: 'integer' });
    expect(param('/conversations', 'get', 'updated_since')).toMatchObject({ type: 'string', format: 'date-time' });
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const p of op.parameters ?? []) {
          if (p.in === 'path' && /(^|_)id$/.test(p.name)) expect(p.schema, `${method} ${path} ${p.name}`).toMatchObject({ type: 'integer', minimum: 1 });
          expect(p.schema?.['enum'], `${method} ${path} ${p.name}`).not.toEqual(expect.arrayContaining(['true', 'false']));
        }
      }
    }
  });

  it('has no ±2^53 integer bounds and marks timestamps date-time anywhere in its schemas', async () => {
    // The schemas, not the examples: GET /flows/nodes answers with the node catalogue's own JSON Schemas as data.
    const text = JSON.stringify(sim.openapi());
    expect(text).not.toContain('9007199254740991');
    const doc = await served();
    const contact = doc.components!.schemas!['Contact'] as { properties: Record<string, Record<string, unknown>> };
    expect(contact.properties['created_at']).toMatchObject({ type: 'string', format: 'date-time' });
  });

  it('gives every operation a description, and the document a licence, a contact and tag descriptions', async () => {
    const doc = await served();
    expect(doc.info.license).toMatchObject({ name: 'MIT' });
    expect(doc.info.contact).toBeDefined();
    for (const tag of doc.tags ?? []) expect(tag.description, tag.name).toEqual(expect.any(String));
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const described = op as Operation & { description?: string; summary?: string };
        expect(described.description, `${method} ${path}`).toMatch(/\S.{20,}/);
        expect(described.summary, `${method} ${path}`).toBeTruthy();
      }
    }
  });

  it('documents webhooks as signed, unauthenticated deliveries with the Standard Webhooks headers', async () => {
    const doc = await served();
    for (const [name, item] of Object.entries(doc.webhooks ?? {})) {
      const post = (item as { post: Operation & { description?: string } }).post;
      expect(post.security, name).toEqual([]);
      expect(post.description, name).toBeTruthy();
      const headers = (post.parameters ?? []).filter((p) => p.in === 'header' && p.required).map((p) => p.name);
      expect(headers, name).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
  });

  it('documents the account and API key routes of 4.1', async () => {
    const doc = await served();
    expect(doc.paths['/account']?.['get']?.operationId).toBe('getAccount');
    expect(doc.paths['/api-keys']?.['get']?.operationId).toBe('listApiKeys');
    expect(doc.paths['/api-keys']?.['post']?.responses['201']).toBeDefined();
    expect(doc.paths['/api-keys']?.['post']?.responses['403']?.['x-error-codes']).toContain('plan_limit_reached');
    expect(doc.paths['/api-keys/{id}']?.['delete']?.responses['409']?.['x-error-codes']).toContain('cannot_revoke_self');
  });

  it('declares the Error envelope with every catalogue code', async () => {
    const doc = await served();
    const error = doc.components?.schemas?.['Error'] as {
      properties: { error: { properties: { code: { enum: string[] } }; required: string[] } };
    };
    expect(error.properties.error.properties.code.enum.sort()).toEqual([...ERROR_CODES].sort());
    expect(error.properties.error.required.sort()).toEqual(['code', 'message']);
  });

  it('lists all sixteen section-6 events under x-webhook-events, each with a webhook entry', async () => {
    const doc = await served();
    expect(doc['x-webhook-events']).toEqual(expect.arrayContaining(SECTION_6_EVENTS));
    expect(new Set(doc['x-webhook-events']).size).toBe(doc['x-webhook-events'].length);
    for (const name of doc['x-webhook-events']) {
      expect(doc.webhooks?.[name], name).toBeDefined();
      expect(name).toMatch(/^[a-z_]+\.[a-z_]+$/);
    }
  });

  it.skipIf(!existsSync(SPEC_PATH))('the sixteen names are exactly those of the section 6 table', () => {
    const text = readFileSync(SPEC_PATH, 'utf8');
    const section = text.slice(text.indexOf('## 6. Events'), text.indexOf('## 7. Errors'));
    const names = new Set<string>();
    for (const line of section.split('\n')) {
      const row = /^\|\s*([a-z_.,\s]+?)\s*\|/.exec(line);
      if (!row || row[1] === 'Event') continue;
      for (const name of row[1]!.split(',')) if (name.trim().includes('.')) names.add(name.trim());
    }
    expect([...names].sort()).toEqual([...SECTION_6_EVENTS].sort());
  });
});

describe('GET /_sandbox/openapi.json (the control plane)', () => {
  const control = async () => {
    const res = await sim.request({ path: '/_sandbox/openapi.json' });
    expect(res.status).toBe(200);
    return res.body as Omit<OpenApiDocument, 'paths'> & { paths: Record<string, Record<string, Operation & { 'x-access'?: string }>> };
  };

  it('is served without a key, is sim.controlOpenapi(), and validates as OpenAPI 3.1', async () => {
    const doc = await control();
    expect(doc).toEqual(JSON.parse(JSON.stringify(sim.controlOpenapi())));
    expect(doc.servers?.[0]?.url).toBe('/_sandbox');
    const result = await validate(structuredClone(doc) as unknown as Parameters<typeof validate>[0]);
    if (!result.valid) throw new Error(compileErrors(result));
  });

  it('documents every sandbox power, each saying whether it acts on an account or the whole sandbox', async () => {
    const doc = await control();
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation['x-access']] as const),
    );
    const powers = controlRouteTable();
    expect(documented.map(([operation]) => operation).sort()).toEqual(powers.map((route) => `${route.method} ${route.path}`).sort());
    for (const [operation, access] of documented) expect(['account', 'operator'], operation).toContain(access);
    expect(Object.fromEntries(documented)).toMatchObject({ 'POST /reset': 'operator', 'POST /inbound': 'account', 'POST /clock/advance': 'operator' });
  });

  it('keeps the control plane out of the API document', async () => {
    const api = await served();
    expect(Object.keys(api.paths).filter((path) => path.startsWith('/_sandbox') || path === '/reset')).toEqual([]);
  });
});
