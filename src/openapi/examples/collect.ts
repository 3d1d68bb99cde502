/**
 * Runs one request per documented operation, and one per documented error status it can reach,
 * against a fresh simulator on the default seed, and keeps what it answered (issue 13). Every
 * example in the document is therefore a real exchange: it cannot drift from the behaviour, and
 * the suite checks each against its own schema (test/openapi-examples.test.ts).
 *
 * The state is reset before each operation, so a DELETE example never hides a later GET's item
 * and every example starts from the seed a new user sees. Path ids are found the way a client
 * finds them (the first item of the collection before the parameter); bodies are guessed from
 * their schema (./synthesize.ts) unless ./inputs.ts gives the operation an authored input.
 */
import type { ExampleRequest, ExampleResponse, ExampleTarget } from './target.js';
import { synthesize, type JsonSchema, type SynthesisContext } from './synthesize.js';
import { AUTHORED_INPUTS, type AuthoredInput, type InputContext } from './inputs.js';

export interface ExampleExchange {
  readonly summary: string;
  readonly value: unknown;
}

export interface OperationExamples {
  /** The path and query values of the success example's request, by parameter name. */
  readonly parameters: Readonly<Record<string, string | number>>;
  /** The success example's request body (JSON operations), when the operation takes one. */
  readonly body?: unknown;
  /** One exchange per documented status reached, success first. */
  readonly responses: ReadonlyMap<number, ExampleExchange>;
}

export type ExampleSet = ReadonlyMap<string, OperationExamples>;

/** An example set as JSON (src/openapi/examples/recorded.json): statuses as keys. */
export type RecordedExamples = Readonly<
  Record<string, { parameters: Record<string, string | number>; body?: unknown; responses: Record<string, ExampleExchange> }>
>;

export function toRecorded(examples: ExampleSet): RecordedExamples {
  const out: Record<string, RecordedExamples[string]> = {};
  for (const [operationId, found] of [...examples].sort(([a], [b]) => a.localeCompare(b))) {
    out[operationId] = {
      parameters: { ...found.parameters },
      ...(found.body !== undefined ? { body: found.body } : {}),
      responses: Object.fromEntries([...found.responses].sort(([a], [b]) => a - b).map(([status, exchange]) => [String(status), exchange])),
    };
  }
  return out;
}

export function fromRecorded(recorded: RecordedExamples): ExampleSet {
  return new Map(
    Object.entries(recorded).map(([operationId, found]) => [
      operationId,
      {
        parameters: found.parameters,
        ...(found.body !== undefined ? { body: found.body } : {}),
        responses: new Map(Object.entries(found.responses).map(([status, exchange]) => [Number(status), exchange])),
      },
    ]),
  );
}

interface DocumentOperation {
  readonly operationId: string;
  readonly parameters?: readonly { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  readonly requestBody?: { content: Record<string, { schema: JsonSchema }> };
  readonly responses: Record<string, { 'x-error-codes'?: string[] }>;
  readonly 'x-scope'?: string;
}

interface DocumentShape {
  readonly paths?: Readonly<Record<string, object>>;
  readonly components?: { readonly schemas?: Readonly<Record<string, unknown>> };
}

const METHODS = ['get', 'post', 'patch', 'delete'] as const;
const MISSING_ID = 999999;

interface Item {
  readonly [key: string]: unknown;
}

const dataOf = (response: ExampleResponse): unknown =>
  response.status >= 200 && response.status < 300 && typeof response.body === 'object' && response.body !== null
    ? (response.body as { data?: unknown }).data
    : undefined;

function valueOf(item: unknown, name: string): string | number | undefined {
  if (typeof item === 'string' || typeof item === 'number') return item;
  if (typeof item !== 'object' || item === null) return undefined;
  const record = item as Item;
  const named = /id$/i.test(name) ? record['id'] : (record[name] ?? record['id']);
  return typeof named === 'string' || typeof named === 'number' ? named : undefined;
}

class ExampleRun {
  private readonly collections: string[];
  private readonly idCache = new Map<string, number | undefined>();
  /** Whether a request changed the state since the last reset (a reset costs tens of ms). */
  private dirty = false;

  constructor(
    private readonly target: ExampleTarget,
    private readonly document: DocumentShape,
    private readonly future: string,
  ) {
    this.collections = Object.entries(document.paths ?? {})
      .filter(([path, item]) => !path.includes('{') && 'get' in item)
      .map(([path]) => path);
  }

  private get(path: string): Promise<ExampleResponse> {
    return this.send({ method: 'GET', path, key: this.target.keys.full });
  }

  /** Every request goes through here, so a change of state is noticed. */
  private async send(request: ExampleRequest): Promise<ExampleResponse> {
    const response = await this.target.request(request);
    if (request.method !== 'GET' && response.status < 300) this.dirty = true;
    return response;
  }

  /** The first item of the collection at `collection`, or of the parent's field of that name. */
  private async pick(collection: string, name: string): Promise<string | number | undefined> {
    const listed = dataOf(await this.get(collection));
    if (Array.isArray(listed) && listed.length > 0) return valueOf(listed[0], name);
    const cut = collection.lastIndexOf('/');
    const field = collection.slice(cut + 1);
    const parent = dataOf(await this.get(collection.slice(0, cut)));
    const nested = typeof parent === 'object' && parent !== null ? (parent as Item)[field] : undefined;
    if (Array.isArray(nested) && nested.length > 0) return valueOf(nested[0], name);
    const top = dataOf(await this.get(`/${field}`));
    if (Array.isArray(top) && top.length > 0) return valueOf(top[0], name);
    return undefined;
  }

  /** A seed id for a body field naming one (`contact_id` reads the first of GET /contacts). */
  async seedId(field: string): Promise<number | undefined> {
    const stem = field.replace(/(_ids?|Ids?)$/, '');
    if (this.idCache.has(stem)) return this.idCache.get(stem);
    const names = new Set([`${stem}s`, `${stem.replace(/_/g, '-')}s`]);
    const collection = this.collections.find((path) => names.has(path.slice(path.lastIndexOf('/') + 1)));
    let id: number | undefined;
    if (collection !== undefined) {
      const listed = dataOf(await this.get(collection));
      const first = Array.isArray(listed) ? (listed[0] as Item | undefined) : undefined;
      id = typeof first?.['id'] === 'number' ? first['id'] : undefined;
    }
    this.idCache.set(stem, id);
    return id;
  }

  async pathFor(template: string, given: Readonly<Record<string, string | number>>): Promise<{ path: string; values: Record<string, string | number> } | undefined> {
    let built = '';
    const values: Record<string, string | number> = {};
    for (const segment of template.split('/').filter(Boolean)) {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (name === undefined) {
        built += `/${segment}`;
        continue;
      }
      const value = given[name] ?? (await this.pick(built, name));
      if (value === undefined) return undefined;
      values[name] = value;
      built += `/${encodeURIComponent(String(value))}`;
    }
    return { path: built, values };
  }

  async context(): Promise<SynthesisContext> {
    // Ids are looked up before the guess is made: synthesis itself stays synchronous.
    const ids = new Map<string, number | undefined>();
    return {
      components: (this.document.components?.schemas ?? {}) as Record<string, JsonSchema>,
      future: this.future,
      idFor: (field) => ids.get(field) ?? this.idCache.get(field.replace(/(_ids?|Ids?)$/, '')),
    };
  }

  /** Looks every id-naming field of a schema up first, so the synchronous guess can use them. */
  async preloadIds(schema: JsonSchema, depth = 0): Promise<void> {
    if (depth > 6) return;
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      const target = this.document.components?.schemas?.[ref.replace('#/components/schemas/', '')];
      if (target !== undefined) await this.preloadIds(target as JsonSchema, depth + 1);
      return;
    }
    for (const [name, property] of Object.entries((schema['properties'] ?? {}) as Record<string, JsonSchema>)) {
      if (/(^|_)ids?$|Ids?$/.test(name)) await this.seedId(name);
      await this.preloadIds(property, depth + 1);
    }
    for (const key of ['items', 'oneOf', 'anyOf', 'allOf'] as const) {
      const inner = schema[key];
      if (Array.isArray(inner)) for (const branch of inner as JsonSchema[]) await this.preloadIds(branch, depth + 1);
      else if (typeof inner === 'object' && inner !== null) await this.preloadIds(inner as JsonSchema, depth + 1);
    }
  }

  async operation(template: string, method: string, operation: DocumentOperation): Promise<OperationExamples | undefined> {
    const target = this.target;
    if (this.dirty) {
      target.reset();
      this.dirty = false;
    }
    const send = (request: ExampleRequest) => this.send(request);
    const authored: AuthoredInput = AUTHORED_INPUTS[operation.operationId] ?? {};
    const inputs: InputContext = {
      ...(await this.context()),
      get: async (path) => dataOf(await this.get(path)),
      post: async (path, body) => dataOf(await this.send({ method: 'POST', path, key: target.keys.full, body })),
      seedId: (field) => this.seedId(field),
    };
    const resolved = await this.pathFor(template, authored.params ? await authored.params(inputs) : {});
    if (resolved === undefined) return undefined;
    const documented = new Set(Object.keys(operation.responses).map(Number));
    const responses = new Map<number, ExampleExchange>();
    const record = (summary: string, response: ExampleResponse) => {
      if (documented.has(response.status) && !responses.has(response.status) && response.body !== undefined) {
        responses.set(response.status, { summary, value: response.body });
      }
    };

    const context = await this.context();
    // Typed values for the document; their text for the wire.
    const queryValues: Record<string, string | number> = {};
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in !== 'query' || !parameter.required || !parameter.schema) continue;
      const value = synthesize(parameter.schema, parameter.name, context);
      queryValues[parameter.name] = typeof value === 'number' ? value : String(value);
    }
    // A short page: the example shows `has_more` and `next_cursor` at work, and stays small.
    if ((operation.parameters ?? []).some((parameter) => parameter.in === 'query' && parameter.name === 'limit')) queryValues['limit'] = 2;
    Object.assign(queryValues, authored.query ?? {});
    const query = Object.fromEntries(Object.entries(queryValues).map(([name, value]) => [name, String(value)]));
    const contentType = Object.keys(operation.requestBody?.content ?? {})[0];
    const bodySchema = contentType === undefined ? undefined : operation.requestBody!.content[contentType]!.schema;
    if (bodySchema !== undefined) await this.preloadIds(bodySchema);
    const body =
      bodySchema === undefined ? undefined : authored.body !== undefined ? await authored.body(inputs) : synthesize(bodySchema, 'body', await this.context());
    const upper = method.toUpperCase();
    const request: ExampleRequest = {
      method: upper,
      path: resolved.path,
      key: target.keys.full,
      ...(Object.keys(query).length > 0 ? { query } : {}),
      ...(body !== undefined ? { body: contentType === 'multipart/form-data' ? toForm(body) : body } : {}),
    };
    // The armed 500 goes first: nothing is applied and a 5xx is never stored for replay, so the
    // success request below still runs fresh (after it, a request with its body's idempotency
    // key would be a replay that never reaches the armed failure).
    let serverError: ExampleResponse | undefined;
    if (documented.has(500)) {
      target.armServerErrors(1);
      serverError = await send(request);
      target.armServerErrors(0);
    }
    const success = await send(request);
    record(`${upper} ${resolved.path}`, success);
    if (serverError !== undefined) record('An unexpected failure (armed with POST /_sandbox/server-errors)', serverError);
    // Each value as its parameter's type: a path value read from an item may be a number where the parameter is text.
    const parameters: Record<string, string | number> = { ...resolved.values, ...queryValues };
    for (const parameter of operation.parameters ?? []) {
      const value = parameters[parameter.name];
      if (value !== undefined && parameter.schema?.['type'] === 'string') parameters[parameter.name] = String(value);
    }

    const errorCodes = (status: number) => operation.responses[String(status)]?.['x-error-codes'] ?? [];
    const without = (changes: Partial<ExampleRequest>): ExampleRequest => ({ ...request, ...changes });
    if (documented.has(401) && !responses.has(401)) record('No API key', await send(without({ key: undefined })));
    if (documented.has(403) && !responses.has(403)) {
      if (operation['x-scope'] !== 'read') record('A read-scope key on a write operation', await send(without({ key: target.keys.read })));
      const inactive = target.keys.addonInactive;
      if (!responses.has(403) && inactive !== undefined) record('A key of an account whose add-on is inactive', await send(without({ key: inactive })));
    }
    if (documented.has(404) && !responses.has(404) && Object.keys(resolved.values).length > 0) {
      const missing = await this.pathFor(template, Object.fromEntries(Object.keys(resolved.values).map((name) => [name, MISSING_ID])));
      if (missing !== undefined) record(`No such item: ${upper} ${missing.path}`, await send(without({ path: missing.path })));
    }
    if (documented.has(400) && !responses.has(400)) {
      if (bodySchema !== undefined && contentType === 'application/json') {
        record('A body missing its required fields', await send(without({ body: {} })));
        if (!responses.has(400)) record('A body that is not JSON', await send(without({ body: '{"unterminated', headers: { 'Content-Type': 'application/json' } })));
      }
      if (!responses.has(400) && documented.has(400)) {
        const hasLimit = (operation.parameters ?? []).some((parameter) => parameter.name === 'limit');
        if (hasLimit) record('limit out of range', await send(without({ query: { ...query, limit: '0' } })));
      }
    }
    if (documented.has(413) && !responses.has(413) && bodySchema !== undefined) {
      const oversized = JSON.stringify({ padding: 'x'.repeat(target.maxBodyBytes) });
      record(`A body over the ${target.maxBodyBytes}-byte limit`, await send(without({ body: oversized, headers: { 'Content-Type': 'application/json' } })));
    }
    if (documented.has(422) && !responses.has(422) && errorCodes(422).includes('idempotency_key_reused') && body !== undefined && contentType === 'application/json') {
      const headers = { 'Idempotency-Key': 'example-key-1' };
      await send(without({ headers }));
      record('An Idempotency-Key reused with another body', await send(without({ headers, body: { ...(body as object), idempotency_example: true } })));
    }
    if (documented.has(404) && !responses.has(404)) {
      // A filter naming an item that does not exist (flow_id, contact_id on a list).
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query' || !/_id$/.test(parameter.name)) continue;
        record(`No such item: ${parameter.name}=${MISSING_ID}`, await send(without({ query: { ...query, [parameter.name]: String(MISSING_ID) } })));
        if (responses.has(404)) break;
      }
    }
    if (documented.has(400) && !responses.has(400) && errorCodes(400).includes('invalid_idempotency_key')) {
      record('A malformed Idempotency-Key (over 128 characters)', await send(without({ headers: { ...request.headers, 'Idempotency-Key': 'k'.repeat(129) } })));
    }
    if (documented.has(400) && !responses.has(400)) {
      // A query value of the wrong kind (a word where a boolean, number, date or one of a list goes).
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query' || parameter.name === 'limit' || parameter.name === 'starting_after') continue;
        record(`${parameter.name} not valid`, await send(without({ query: { ...query, [parameter.name]: 'not-valid' } })));
        if (responses.has(400)) break;
      }
    }
    if (documented.has(413) && !responses.has(413) && contentType === 'multipart/form-data') {
      record('An upload whose Content-Length (1 TiB) is over the limit, refused before it is read', await send(without({ declaredLength: 2 ** 40 })));
    }
    if (documented.has(422) && !responses.has(422) && errorCodes(422).includes('idempotency_key_reused')) {
      // Another query string makes it another request, for an operation without a JSON body too.
      const headers = { ...request.headers, 'Idempotency-Key': 'example-key-2' };
      await send(without({ headers }));
      record('An Idempotency-Key reused for another request', await send(without({ headers, query: { ...query, reused: 'true' } })));
    }
    if (documented.has(409) && !responses.has(409) && errorCodes(409).includes('idempotency_in_progress')) {
      // Both sent at once: the second arrives while the first still holds its key.
      const headers = { ...request.headers, 'Idempotency-Key': 'example-key-3' };
      const [, retry] = await Promise.all([send(without({ headers })), send(without({ headers }))]);
      record('A retry while the first request with this Idempotency-Key is still running', retry);
    }
    for (const [status, authoredError] of Object.entries(authored.errors ?? {})) {
      if (!documented.has(Number(status)) || responses.has(Number(status))) continue;
      // Each from the seed, so one case's fault (a disconnected channel) does not shadow the next;
      // ids the path holds came from the seed unless authored params made them, then they stay.
      if (this.dirty && authored.params === undefined) {
        target.reset();
        this.dirty = false;
      }
      await authoredError.prepare?.(inputs);
      const changed = authoredError.body === undefined ? {} : { body: await authoredError.body(inputs, body) };
      record(authoredError.summary, await send(without(changed)));
    }
    // What only another account's state meets (a market without a snapshot yet, a channel not connected).
    for (const key of target.keys.others) {
      if ([...documented].every((status) => status < 400 || responses.has(status))) break;
      record('The same request by another seed account', await send(without({ key })));
    }
    if (documented.has(429) && !responses.has(429)) {
      target.setRateLimit('1/1');
      await send({ method: 'GET', path: '/account', key: target.keys.full });
      record('Over the rate limit', await send(request));
      target.setRateLimit('off');
    }
    return { parameters, ...(body !== undefined && contentType === 'application/json' ? { body } : {}), responses };
  }
}

function toForm(body: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : 'file');
    else form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form;
}

/** Every operation of `document` run against `target` (reset before each); the target is closed after. */
export async function collectExamples(document: DocumentShape, target: ExampleTarget, future: string): Promise<ExampleSet> {
  const run = new ExampleRun(target, document, future);
  const examples = new Map<string, OperationExamples>();
  try {
    // Reads first (they share the untouched seed), then changes, deletions last: fewer resets.
    for (const method of METHODS) {
      for (const [template, item] of Object.entries(document.paths ?? {})) {
        const operation = (item as Readonly<Record<string, unknown>>)[method] as DocumentOperation | undefined;
        if (operation === undefined) continue;
        const found = await run.operation(template, method, operation);
        if (found !== undefined) examples.set(operation.operationId, found);
      }
    }
  } finally {
    target.close();
  }
  return examples;
}
