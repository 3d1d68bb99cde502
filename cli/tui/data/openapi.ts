/**
 * The target's own OpenAPI document (`GET /openapi.json`) as the explore screen shows it: every
 * operation grouped by tag, with its scope, spec clause, parameters, body fields and responses.
 * Read from the target, never from this package, so it works against a real deployment too.
 */
export interface OpenApiLike {
  readonly paths?: Record<string, Record<string, unknown>>;
  readonly components?: { readonly schemas?: Record<string, unknown> };
  readonly tags?: readonly { readonly name: string; readonly description?: string }[];
}

export interface ParamInfo {
  readonly name: string;
  readonly in: string;
  readonly required: boolean;
  readonly type: string;
  readonly description?: string;
}

export interface FieldInfo {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly description?: string;
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
}

export interface ResponseInfo {
  readonly status: string;
  readonly schema?: string;
  readonly codes: readonly string[];
}

export interface RouteInfo {
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tag: string;
  readonly scope?: string;
  readonly scopeSource?: string;
  readonly section?: string;
  /** `operator` or `account` on the control plane's document. */
  readonly access?: string;
  readonly params: readonly ParamInfo[];
  /** The request body's schema (a $ref is kept; resolve with `resolveSchema`). */
  readonly bodySchema?: unknown;
  readonly bodyRequired: boolean;
  readonly bodyName?: string;
  readonly responses: readonly ResponseInfo[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type SchemaObject = Record<string, unknown>;

function asObject(value: unknown): SchemaObject | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as SchemaObject) : undefined;
}

function refName(ref: unknown): string | undefined {
  return typeof ref === 'string' ? ref.split('/').pop() : undefined;
}

/** Follows `$ref: '#/components/schemas/X'` (a few hops at most). */
export function resolveSchema(document: OpenApiLike, schema: unknown): SchemaObject | undefined {
  let current = asObject(schema);
  for (let hops = 0; current && typeof current['$ref'] === 'string' && hops < 8; hops++) {
    const name = refName(current['$ref']);
    current = name ? asObject(document.components?.schemas?.[name]) : undefined;
  }
  return current;
}

/** A short type for people: `string`, `integer`, `sms|whatsapp`, `Contact[]`, `object`. */
export function typeText(document: OpenApiLike, schema: unknown): string {
  const raw = asObject(schema);
  if (!raw) return 'any';
  if (typeof raw['$ref'] === 'string') return refName(raw['$ref']) ?? 'object';
  if (Array.isArray(raw['enum'])) return raw['enum'].map((value) => String(value)).join('|');
  const variants = (raw['anyOf'] ?? raw['oneOf']) as unknown[] | undefined;
  if (Array.isArray(variants)) return variants.map((variant) => typeText(document, variant)).join(' or ');
  const type = raw['type'];
  if (Array.isArray(type)) return type.join('|');
  if (type === 'array') return `${typeText(document, raw['items'])}[]`;
  if (typeof type === 'string') return type;
  return 'any';
}

/** The top-level fields of an object schema (after $ref), in document order. */
export function fieldsOf(document: OpenApiLike, schema: unknown): FieldInfo[] {
  const resolved = resolveSchema(document, schema);
  const properties = asObject(resolved?.['properties']);
  if (!properties) return [];
  const required = new Set(Array.isArray(resolved?.['required']) ? (resolved['required'] as string[]) : []);
  return Object.entries(properties).map(([name, property]) => {
    const object = resolveSchema(document, property) ?? {};
    const own = asObject(property) ?? {};
    const description = (own['description'] ?? object['description']) as string | undefined;
    return {
      name,
      type: typeText(document, property),
      required: required.has(name),
      ...(description ? { description } : {}),
      ...(Array.isArray(object['enum']) ? { enum: object['enum'] as unknown[] } : {}),
      ...('default' in own ? { default: own['default'] } : 'default' in object ? { default: object['default'] } : {}),
    };
  });
}

/** A body to start from: the required fields, with defaults or placeholder values of the right type. */
export function skeleton(document: OpenApiLike, schema: unknown): unknown {
  const resolved = resolveSchema(document, schema);
  if (!resolved) return {};
  const out: Record<string, unknown> = {};
  for (const field of fieldsOf(document, resolved)) {
    if (!field.required) continue;
    out[field.name] = field.default ?? (field.enum ? field.enum[0] : placeholder(document, resolveSchema(document, (resolved['properties'] as SchemaObject)[field.name])));
  }
  return out;
}

function placeholder(document: OpenApiLike, schema: SchemaObject | undefined): unknown {
  const type = Array.isArray(schema?.['type']) ? (schema['type'] as string[])[0] : schema?.['type'];
  switch (type) {
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return skeleton(document, schema);
    default:
      return '';
  }
}

export function routesOf(document: OpenApiLike): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = asObject(item[method]);
      if (!operation) continue;
      const params: ParamInfo[] = [];
      for (const raw of (operation['parameters'] as unknown[] | undefined) ?? []) {
        const param = asObject(raw);
        if (!param) continue;
        params.push({
          name: String(param['name']),
          in: String(param['in']),
          required: param['required'] === true,
          type: typeText(document, param['schema']),
          ...(typeof param['description'] === 'string' ? { description: param['description'] } : {}),
        });
      }
      const body = asObject(asObject(asObject(operation['requestBody'])?.['content'])?.['application/json']);
      const responses: ResponseInfo[] = Object.entries(asObject(operation['responses']) ?? {}).map(([status, raw]) => {
        const response = asObject(raw) ?? {};
        const schema = asObject(asObject(asObject(response['content'])?.['application/json'])?.['schema']);
        return {
          status,
          ...(schema?.['$ref'] ? { schema: refName(schema['$ref'])! } : {}),
          codes: Array.isArray(response['x-error-codes']) ? (response['x-error-codes'] as string[]) : [],
        };
      });
      const tags = operation['tags'] as string[] | undefined;
      routes.push({
        method: method.toUpperCase(),
        path,
        operationId: String(operation['operationId'] ?? `${method} ${path}`),
        summary: String(operation['summary'] ?? ''),
        ...(typeof operation['description'] === 'string' ? { description: operation['description'] } : {}),
        tag: tags?.[0] ?? 'Other',
        ...(typeof operation['x-scope'] === 'string' ? { scope: operation['x-scope'] } : {}),
        ...(typeof operation['x-scope-source'] === 'string' ? { scopeSource: operation['x-scope-source'] } : {}),
        ...(operation['x-spec-section'] !== undefined ? { section: String(operation['x-spec-section']) } : {}),
        ...(typeof operation['x-access'] === 'string' ? { access: operation['x-access'] } : {}),
        params,
        ...(body?.['schema'] !== undefined ? { bodySchema: body['schema'], ...(refName(asObject(body['schema'])?.['$ref']) ? { bodyName: refName(asObject(body['schema'])?.['$ref']) } : {}) } : {}),
        bodyRequired: asObject(operation['requestBody'])?.['required'] === true,
        responses,
      });
    }
  }
  // Grouped by tag in the document's tag order, then by path and method.
  const order = new Map((document.tags ?? []).map((tag, index) => [tag.name, index]));
  const rank = (tag: string): number => order.get(tag) ?? Number.MAX_SAFE_INTEGER;
  const methodRank = (method: string): number => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].indexOf(method);
  return routes.sort((a, b) => rank(a.tag) - rank(b.tag) || a.tag.localeCompare(b.tag) || a.path.localeCompare(b.path) || methodRank(a.method) - methodRank(b.method));
}

/** The operation a concrete request path belongs to (`/contacts/42` -> `/contacts/{id}`); static segments win. */
export function findRoute(routes: readonly RouteInfo[], method: string, path: string): RouteInfo | undefined {
  const bare = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  const candidates = routes
    .filter((route) => route.method === method.toUpperCase())
    .map((route) => {
      const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+');
      return { route, pattern: new RegExp(`^${source}$`), params: (route.path.match(/\{/g) ?? []).length };
    })
    .filter((candidate) => candidate.pattern.test(bare) || candidate.route.path === bare)
    .sort((a, b) => a.params - b.params);
  return candidates[0]?.route;
}

/** `{id}`-style placeholders still in a path. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}
