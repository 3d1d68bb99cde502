/**
 * Builds the OpenAPI 3.1 documents from route tables and their zod schemas: the same schemas that
 * validate requests. Nothing in a document is written by hand. Two documents share this builder:
 * the API's (`/api/v1/openapi.json`, from the groups' routes and events) and the control plane's
 * (`/_sandbox/openapi.json`, from the sandbox-power definitions).
 *
 * Zod 4 detail (ARCHITECTURE.md decision 3): `z.toJSONSchema(schema)` on id'd schemas emits
 * `#/$defs/...`, which OpenAPI validators reject, so schemas are put in a registry and converted
 * with `uri: id => '#/components/schemas/' + id`, then `$schema`/`$id` are dropped. The
 * registry is built here: a first pass walks every schema the document uses and collects the
 * ones marked with `named()` (./components.ts), so each becomes a component.
 */
import { z } from 'zod';
import {
  OpenApiBuilder,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type PathItemObject,
  type ResponsesObject,
  type SchemaObject,
} from 'openapi3-ts/oas31';
import { ERROR_CATALOGUE, type ErrorCode } from '../core/errors.js';
import { IDEMPOTENT_METHODS } from '../core/idempotency.js';
import { BASE_PATH, CONTROL_PREFIX } from '../core/paths.js';
import type { AnyRoute, SuccessSpec } from '../core/route.js';
import { powerRoute, powersOf, type PowerTree } from '../control/power.js';
import { apiRoutesOf, eventCatalogueOf, powersOfGroups } from '../groups/compose.js';
import type { AnyGroup } from '../groups/define.js';
import type { EventDefinition } from '../groups/events.js';
import { API_VERSION_INFO, CONTROL_INFO } from './info.js';
import { componentName, isBinary } from './components.js';
import { operationDescription } from './describe.js';
import { parameterSchema, tidySchemaNode } from './wire.js';
import { WEBHOOK_PARAMETERS, WEBHOOKS_TAG } from './webhooks.js';
import { MinimalVariants } from './minimal.js';
import { TEXT_FIELDS } from '../resources/webhooks/profile.js';

export type OpenApiDocument = OpenAPIObject;

type JsonSchema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function pascal(operationId: string): string {
  return operationId.charAt(0).toUpperCase() + operationId.slice(1);
}

function clean(schema: JsonSchema): SchemaObject {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest as SchemaObject;
}

/** Every `named()` schema reachable from these, by name; one name on two schemas is an error. */
function namedSchemasIn(schemas: readonly z.ZodType[]): Map<string, z.ZodType> {
  const found = new Map<string, z.ZodType>();
  for (const schema of schemas) {
    z.toJSONSchema(schema, {
      unrepresentable: 'any',
      override: (ctx) => {
        const name = componentName(ctx.zodSchema);
        if (name === undefined) return;
        const schema = ctx.zodSchema as unknown as z.ZodType;
        const seen = found.get(name);
        if (seen !== undefined && seen !== schema) throw new Error(`component ${name} names two different schemas`);
        found.set(name, schema);
      },
    });
  }
  return found;
}

function toComponents(entries: readonly (readonly [string, z.ZodType])[], io: 'input' | 'output'): Record<string, SchemaObject> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of entries) if (!registry.has(schema)) registry.add(schema, { id });
  for (const [id, schema] of namedSchemasIn(entries.map(([, schema]) => schema))) if (!registry.has(schema)) registry.add(schema, { id });
  const converted = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    override: (ctx) => {
      tidySchemaNode(ctx.jsonSchema as JsonSchema, io);
      if (!isBinary(ctx.zodSchema)) return;
      ctx.jsonSchema.type = 'string';
      ctx.jsonSchema.format = 'binary';
    },
  });
  const out: Record<string, SchemaObject> = {};
  for (const [id, schema] of Object.entries(converted.schemas)) out[id] = clean(schema as JsonSchema);
  return out;
}

/** Component names a rendered set refers to (`$ref: #/components/schemas/Name`). */
function referencedNames(components: Record<string, SchemaObject>): Set<string> {
  const names = new Set<string>();
  JSON.stringify(components, (key, value: unknown) => {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) names.add(value.slice(21));
    return value;
  });
  return names;
}

/**
 * The request components in input mode, with every named schema they refer to rendered in input
 * mode too. A body field may point at a component by hand (a flow's `definition` is checked by the
 * validator, so its schema is a `$ref` to FlowDefinition, not the schema itself); without this the
 * request would borrow the response's rendering, whose defaulted fields are required.
 */
function requestComponents(requestEntries: readonly (readonly [string, z.ZodType])[], responseEntries: readonly (readonly [string, z.ZodType])[]): Record<string, SchemaObject> {
  const named = namedSchemasIn(responseEntries.map(([, schema]) => schema));
  let entries = [...requestEntries];
  let rendered = toComponents(entries, 'input');
  for (;;) {
    const missing = [...referencedNames(rendered)].filter((name) => !(name in rendered) && named.has(name));
    if (missing.length === 0) return rendered;
    entries = [...entries, ...missing.map((name) => [name, named.get(name)!] as const)];
    rendered = toComponents(entries, 'input');
  }
}

/**
 * Response components (output mode) and request components (input mode) in one set. A named
 * schema used both ways renders differently when it has defaults: required in what the server
 * sends, optional in what a client sends. Such a schema gets a second component, `<Name>Input`,
 * which the request components refer to, so a typed client need not send what the server fills in.
 */
function mergeComponents(output: Record<string, SchemaObject>, input: Record<string, SchemaObject>): Record<string, SchemaObject> {
  const renamed = new Map<string, string>();
  for (const [name, schema] of Object.entries(input)) {
    if (name in output && JSON.stringify(output[name]) !== JSON.stringify(schema)) renamed.set(name, `${name}Input`);
  }
  const retarget = (schema: SchemaObject): SchemaObject =>
    renamed.size === 0
      ? schema
      : (JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
          key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/') && renamed.has(value.slice(21))
            ? `#/components/schemas/${renamed.get(value.slice(21))}`
            : value,
        ) as SchemaObject);
  const merged: Record<string, SchemaObject> = { ...output };
  for (const [name, schema] of Object.entries(input)) merged[renamed.get(name) ?? name] = retarget(schema);
  return merged;
}

function inlineSchema(schema: z.ZodType): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => tidySchemaNode(ctx.jsonSchema as JsonSchema),
  }) as JsonSchema;
  const { $schema: _schema, $id: _id, ...rest } = converted;
  return rest;
}

function envelopeFor(success: SuccessSpec): z.ZodType {
  switch (success.envelope) {
    case 'data':
      return z.object({ data: success.schema });
    case 'list':
      return z.object({
        data: z.array(success.schema),
        ...success.listFields?.shape,
        has_more: z.boolean(),
        next_cursor: z.string().nullable().describe('Pass as starting_after for the next page; null on the last.'),
      });
    case 'none':
      return success.schema;
  }
}

function parametersOf(route: AnyRoute<never>): ParameterObject[] {
  const parameters: ParameterObject[] = [];
  const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const pathSchema = route.params ? inlineSchema(route.params) : undefined;
  const pathProps = (pathSchema?.['properties'] ?? {}) as Record<string, JsonSchema>;
  for (const name of pathNames) {
    const { description, ...schema } = parameterSchema(pathProps[name] ?? { type: 'string' }, 'path', name);
    parameters.push({
      name,
      in: 'path',
      required: true,
      schema: schema as SchemaObject,
      ...(typeof description === 'string' ? { description } : {}),
    });
  }
  if (route.query) {
    const querySchema = inlineSchema(route.query);
    const required = new Set((querySchema['required'] as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((querySchema['properties'] ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = parameterSchema(schema, 'query', name);
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        schema: rest as SchemaObject,
        ...(typeof description === 'string' ? { description } : {}),
      });
    }
  }
  if (route.list && !route.list.wholeSet) {
    const max = route.list.maxLimit ?? 100;
    parameters.push(
      {
        name: 'limit',
        in: 'query',
        required: false,
        description: `Page size, 1 to ${max}.`,
        schema: { type: 'integer', minimum: 1, maximum: max, default: route.list.defaultLimit },
      },
      {
        name: 'starting_after',
        in: 'query',
        required: false,
        description: 'The next_cursor of the previous page (opaque).',
        schema: { type: 'string' },
      },
    );
  }
  if (IDEMPOTENT_METHODS.has(route.method)) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Replays the first response for 24 hours (section 5).',
      schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[\\x20-\\x7e]+$' },
    });
  }
  return parameters;
}

/**
 * Whether a call must send a body: the route refuses a bodiless request, takes a multipart form,
 * or its schema refuses the `{}` a bodiless JSON request reads as (a required field).
 */
function bodyIsRequired(route: AnyRoute<never>): boolean {
  if (route.bodyRequired || route.bodyType === 'multipart') return true;
  return route.body !== undefined && !route.body.safeParse({}).success;
}

/** The codes every authenticated route can answer, plus the route's own. */
function errorCodesOf(route: AnyRoute<never>): ErrorCode[] {
  const codes = new Set<ErrorCode>(['unauthorized', 'invalid_api_key', 'addon_inactive', 'insufficient_scope', 'rate_limited', 'server_error']);
  if (route.params || route.path.includes('{')) codes.add('not_found');
  if (route.query || (route.list && !route.list.wholeSet)) codes.add('invalid_param');
  if (route.body) {
    codes.add(route.bodyErrorCode ?? 'invalid_param');
    codes.add('invalid_json');
    codes.add('payload_too_large');
  }
  if (IDEMPOTENT_METHODS.has(route.method)) {
    codes.add('invalid_idempotency_key');
    codes.add('idempotency_key_reused');
    codes.add('idempotency_in_progress');
  }
  for (const code of route.errors ?? []) codes.add(code);
  return [...codes];
}

/** Account keys everywhere; the operator token on the control plane (alone on operator powers). */
function securityOf(route: AnyRoute<never>): Record<string, string[]>[] {
  const accountKeys: Record<string, string[]>[] = [{ ServiceApiKey: [] }, { BearerKey: [] }, { ApiKeyHeader: [] }];
  if (route.access === 'operator') return [{ SandboxOperator: [] }];
  if (route.access === 'account') return [...accountKeys, { SandboxOperator: [] }];
  return accountKeys;
}

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed per rolling 60 s.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Unix time when the oldest request leaves the window.', schema: { type: 'integer' } },
} as const;

function responsesOf(route: AnyRoute<never>, successName: string, routeStatusCodes: Map<number, ErrorCode[]>): ResponsesObject {
  const responses: ResponsesObject = {};
  for (const status of route.success.statuses) {
    responses[String(status)] = {
      description: route.success.description ?? (status === 201 ? 'Created.' : 'Success.'),
      headers: {
        ...RATE_LIMIT_HEADERS,
        ...(IDEMPOTENT_METHODS.has(route.method)
          ? { 'Idempotent-Replayed': { description: '`true` on a replay.', schema: { type: 'string', enum: ['true'] } } }
          : {}),
      },
      content: { 'application/json': { schema: ref(successName) } },
    };
  }
  for (const [status, codes] of [...routeStatusCodes].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `Error. Codes: ${codes.join(', ')}.`,
      'x-error-codes': codes,
      ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } } : {}),
      content: { 'application/json': { schema: ref('Error') } },
    };
  }
  return responses;
}

interface DocumentSpec {
  readonly info: OpenAPIObject['info'];
  readonly serverUrl: string;
  readonly routes: readonly AnyRoute<never>[];
  /** Tag descriptions, by tag name. */
  readonly tagDescriptions: ReadonlyMap<string, string>;
  /** The events delivered as webhooks (the API document only). */
  readonly events: readonly EventDefinition[];
}

/** The API's document: every group's routes, and its events as webhooks. */
export function buildOpenApi(groups: readonly AnyGroup[]): OpenApiDocument {
  const tagDescriptions = new Map<string, string>();
  for (const group of groups) {
    for (const route of group.routes) if (!tagDescriptions.has(route.tag)) tagDescriptions.set(route.tag, group.description);
  }
  return buildDocument({
    info: API_VERSION_INFO,
    serverUrl: BASE_PATH,
    routes: apiRoutesOf(groups),
    tagDescriptions,
    events: eventCatalogueOf(groups),
  });
}

/** The control plane's document: the simulator's own powers and every group's. */
export function buildControlOpenApi(groups: readonly AnyGroup[], simulatorPowers: PowerTree): OpenApiDocument {
  const powers = [...powersOf(simulatorPowers), ...powersOfGroups(groups)];
  return buildDocument({
    info: CONTROL_INFO,
    serverUrl: CONTROL_PREFIX,
    routes: powers.map(({ power }) => powerRoute(power)),
    tagDescriptions: new Map([['Sandbox control', 'What the real service cannot give a developer: state, time, the customer’s side, faults.']]),
    events: [],
  });
}

function buildDocument(spec: DocumentSpec): OpenApiDocument {
  const { routes } = spec;
  const responseEntries: (readonly [string, z.ZodType])[] = [];
  const requestEntries: (readonly [string, z.ZodType])[] = [];
  const successNames = new Map<AnyRoute<never>, string>();
  const bodyNames = new Map<AnyRoute<never>, string>();
  // A body schema two routes share is one component, named after the first route that uses it.
  const bodyNameOf = new Map<z.ZodType, string>();
  for (const route of routes) {
    const successName = `${pascal(route.operationId)}Response`;
    successNames.set(route, successName);
    responseEntries.push([successName, envelopeFor(route.success)]);
    if (route.body) {
      const shared = bodyNameOf.get(route.body);
      const bodyName = shared ?? `${pascal(route.operationId)}Request`;
      bodyNames.set(route, bodyName);
      if (shared === undefined) {
        bodyNameOf.set(route.body, bodyName);
        requestEntries.push([bodyName, route.body]);
      }
    }
  }
  responseEntries.push([
    'Error',
    z.object({
      error: z
        .object({
          code: z.enum(Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]]),
          message: z.string(),
          param: z.string().optional(),
        })
        .catchall(z.unknown()),
    }),
  ]);

  const builder = OpenApiBuilder.create()
    .addOpenApiVersion('3.1.0')
    .addInfo(spec.info)
    .addServer({ url: spec.serverUrl, description: 'Relative to the host serving this document.' })
    .addSecurityScheme('ServiceApiKey', { type: 'apiKey', in: 'header', name: 'X-Service-Api-Key', description: 'Preferred.' })
    .addSecurityScheme('BearerKey', { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <key>.' })
    .addSecurityScheme('ApiKeyHeader', { type: 'apiKey', in: 'header', name: 'X-Api-Key' });
  if (routes.some((route) => route.access !== undefined)) {
    builder.addSecurityScheme('SandboxOperator', {
      type: 'apiKey',
      in: 'header',
      name: 'X-Sandbox-Token',
      description: 'The sandbox operator token (printed by serve). On account powers, name the account in X-Sandbox-Account.',
    });
  }

  const schemas = mergeComponents(toComponents(responseEntries, 'output'), requestComponents(requestEntries, responseEntries));
  for (const [name, schema] of Object.entries(schemas)) builder.addSchema(name, schema);

  const tags = new Set<string>();
  const paths = new Map<string, PathItemObject>();
  for (const route of routes) {
    tags.add(route.tag);
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of errorCodesOf(route)) {
      const status = ERROR_CATALOGUE[code].status;
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    for (const { code, status } of route.errorsAt ?? []) {
      const codes = byStatus.get(status) ?? [];
      if (!codes.includes(code)) byStatus.set(status, [...codes, code]);
    }
    const bodyName = bodyNames.get(route);
    const operation: OperationObject = {
      operationId: route.operationId,
      summary: route.summary,
      description: operationDescription(route),
      tags: [route.tag],
      security: securityOf(route),
      parameters: parametersOf(route),
      ...(bodyName
        ? {
            requestBody: {
              required: bodyIsRequired(route),
              content: { [route.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json']: { schema: ref(bodyName) } },
            },
          }
        : {}),
      responses: responsesOf(route, successNames.get(route)!, byStatus),
      'x-scope': route.scope,
      'x-scope-source': route.scopeSource,
      'x-spec-section': route.section,
      ...(route.access ? { 'x-access': route.access } : {}),
    };
    const item = paths.get(route.path) ?? {};
    item[route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'] = operation;
    paths.set(route.path, item);
  }
  for (const [path, item] of paths) builder.addPath(path, item);
  for (const tag of [...tags].sort()) {
    const description = spec.tagDescriptions.get(tag);
    builder.addTag({ name: tag, ...(description !== undefined ? { description } : {}) });
  }
  if (spec.events.length === 0) return builder.getSpec();
  builder.addTag({
    name: WEBHOOKS_TAG,
    description: 'The events the service POSTs to your webhook endpoints (section 6), signed per Standard Webhooks.',
  });

  const eventCatalogue = spec.events;
  const eventSchemas = toComponents(
    eventCatalogue.map((event): [string, z.ZodType] => [`Event_${event.name.replace(/\./g, '_')}`, event.envelope]),
    'output',
  );
  // The minimal payload profile: a `<Event>_minimal` variant wherever it differs from the full one.
  const all: Record<string, SchemaObject> = { ...schemas, ...eventSchemas };
  const bodySchemas = new Map<string, SchemaObject>();
  for (const event of eventCatalogue) {
    const name = `Event_${event.name.replace(/\./g, '_')}`;
    const drop = new Set([...TEXT_FIELDS, ...event.textFields].map((field) => field.toLowerCase()));
    const variants = new MinimalVariants(all, drop, event.textFields.length > 0 ? `_${event.name.replace(/\./g, '_')}` : '');
    const full = all[name] as Record<string, unknown>;
    if (!variants.differs(full)) {
      bodySchemas.set(event.name, ref(name));
      continue;
    }
    all[`${name}_minimal`] = variants.strip(full) as SchemaObject;
    bodySchemas.set(event.name, {
      description:
        'The endpoint\'s `governance.payload_profile` decides: `full` (the default) carries message text; `minimal` ' +
        `leaves every text field out (${[...drop].join(', ')}), at any depth.`,
      anyOf: [ref(name), ref(`${name}_minimal`)],
    });
  }
  for (const [name, schema] of Object.entries(all)) if (!(name in schemas)) builder.addSchema(name, schema);
  for (const event of eventCatalogue) {
    builder.addWebhook(event.name, {
      post: {
        operationId: `event_${event.name.replace(/\./g, '_')}`,
        summary: event.description,
        description:
          `${event.description} Delivered as a signed POST to every enabled endpoint subscribed to \`${event.name}\` ` +
          '(section 6): verify the Standard Webhooks signature before trusting the body; answer any 2xx to acknowledge.',
        tags: [WEBHOOKS_TAG],
        security: [],
        parameters: WEBHOOK_PARAMETERS,
        'x-event-source': event.source,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: bodySchemas.get(event.name)! } },
        },
        responses: { '2XX': { description: 'Any 2xx acknowledges the delivery.' } },
      },
    });
  }
  const document = builder.getSpec();
  document['x-webhook-events'] = eventCatalogue.map((event) => event.name);
  return document;
}
