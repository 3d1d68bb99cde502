/**
 * Random requests against every route: random methods, paths drawn from the OpenAPI document's
 * templates (with good, foreign and garbage ids) and from thin air, random keys in every header,
 * random Idempotency-Keys, random query strings and bodies (JSON built from the route's own field
 * names, any JSON, any text, broken JSON). Whatever arrives:
 *
 * - never a 5xx, and every response matches the document (the self-checking simulator);
 * - every error is the spec's envelope with a catalogued code;
 * - a write that is refused (4xx) changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { controlRouteTable } from '../src/simulator/tables.js';
import { ERROR_CATALOGUE } from '../src/core/errors.js';
import type { SimRequest, SimResponse } from '../src/core/types.js';
import type { SimulatorSnapshot } from '../src/simulator/types.js';
import { testSimulator } from './support/simulator.js';

const FROZEN = { frozenAt: '2026-01-01T00:00:00+00:00' };
const { sim, accounts } = testSimulator({ clock: FROZEN });
const document = sim.openapi();

type JsonSchema = { properties?: Record<string, JsonSchema>; enum?: unknown[]; $ref?: string; type?: unknown };

interface Target {
  /** Full path template, e.g. `/api/v1/api-keys/{id}`. */
  readonly template: string;
  readonly methods: readonly string[];
  /** Top-level request body fields, with enum values where the schema has them. */
  readonly fields: Readonly<Record<string, readonly unknown[]>>;
}

function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return resolve(document.components?.schemas?.[name] as JsonSchema | undefined);
}

function fieldsOf(schema: JsonSchema | undefined): Record<string, unknown[]> {
  const fields: Record<string, unknown[]> = {};
  for (const [name, property] of Object.entries(resolve(schema)?.properties ?? {})) {
    fields[name] = [...(resolve(property)?.enum ?? [])];
  }
  return fields;
}

function buildTargets(): Target[] {
  const byTemplate = new Map<string, { methods: Set<string>; fields: Record<string, unknown[]> }>();
  const add = (template: string, method: string, fields: Record<string, unknown[]>) => {
    const entry = byTemplate.get(template) ?? { methods: new Set<string>(), fields: {} };
    entry.methods.add(method);
    Object.assign(entry.fields, fields);
    byTemplate.set(template, entry);
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'patch', 'delete'] as const) {
      const operation = (item as Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } } | undefined>)[method];
      if (!operation) continue;
      add(`/api/v1${path}`, method.toUpperCase(), fieldsOf(operation.requestBody?.content?.['application/json']?.schema));
    }
  }
  for (const route of controlRouteTable()) {
    // Mutants deliberately break the API; switching them on at random would fail every later check.
    if (route.path === '/mutants' && route.method === 'POST') continue;
    let fields: Record<string, unknown[]> = {};
    if (route.body) {
      try {
        fields = fieldsOf(z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
      } catch {
        fields = {};
      }
    }
    add(`/_sandbox${route.path}`, route.method, fields);
  }
  return [...byTemplate].map(([template, { methods, fields }]) => ({ template, methods: [...methods], fields }));
}

const TARGETS = buildTargets();
/** Weighted towards keys that pass the scope checks, so requests reach the handlers. */
const KEYS = [
  ...(['read', 'write', 'admin', 'full', 'full', 'full', 'admin'] as const).map((scope) => accounts[0]!.keys[scope]!),
  accounts[1]!.keys.full!,
  accounts[3]!.keys.write!,
  accounts[4]!.keys.full!,
];

const GARBAGE_IDS = ['0', '-1', '1.5', 'abc', '%zz', '%E0%A4%A', '99999999999999999999', '1e3', '..', '%2F', 'ñ', ' ', '1;DROP'];
const arbId = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 41, max: 2 ** 53 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_IDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent) },
);

const arbPath: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.constantFrom(...TARGETS), fc.array(arbId, { minLength: 4, maxLength: 4 })).map(([target, ids]) => {
    let i = 0;
    return target.template.replace(/\{\w+\}/g, () => ids[i++ % ids.length]!);
  }) },
  { weight: 1, arbitrary: fc.constantFrom(...TARGETS).map((t) => `${t.template.replace(/\{\w+\}/g, '1')}/`) },
  { weight: 1, arbitrary: fc.webPath().map((p) => `/api/v1${p}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => `/api/v1/${encodeURIComponent(s)}`) },
  { weight: 1, arbitrary: fc.constantFrom('/api/v1', '/api/v1/', '/_sandbox', '/', '/api/v2/account', '/_sandbox/clock/nope') },
);

const arbKeyHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom('X-Service-Api-Key', 'Authorization', 'X-Api-Key')).map(([key, header]) =>
    header === 'Authorization' ? { Authorization: `Bearer ${key}` } : { [header]: key },
  ) },
  { weight: 1, arbitrary: fc.constant({}) },
  // The operator (whole-sandbox powers; account powers for the account it names).
  { weight: 1, arbitrary: fc.constantFrom('1', '2', '999', 'x').map((account) => ({ 'X-Sandbox-Token': sim.controlToken, 'X-Sandbox-Account': account })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((key) => ({ 'X-Service-Api-Key': key })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((value) => ({ Authorization: value })) },
);

const arbIdempotency: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({}) },
  { weight: 2, arbitrary: fc.constantFrom('fuzz-a', 'fuzz-b').map((k) => ({ 'Idempotency-Key': k })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 140 }).map((k) => ({ 'Idempotency-Key': k })) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map((k) => ({ 'Idempotency-Key': k })) },
);

const PLAUSIBLE = [
  'read', 'write', 'admin', 'full', 'sms', 'whatsapp', 'instagram', 'new', 'customer', 'active', 'resolved',
  '2026-01-01T00:00:00+00:00', '2030-06-01T10:00:00Z', 'https://hooks.switchboard.test/in', 'a@example.com', '+15555550100', '1h', '90s',
];
const arbValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...PLAUSIBLE),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.integer({ min: -2, max: 50 }),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer({ min: 0, max: 40 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

function arbBodyFor(template: string): fc.Arbitrary<unknown> {
  const target = TARGETS.find((t) => t.template === template);
  const names = Object.keys(target?.fields ?? {});
  const shaped =
    names.length === 0
      ? fc.constant({})
      : fc
          .array(
            fc.constantFrom(...names).chain((name) => {
              const enumValues = target!.fields[name]!;
              const value = enumValues.length > 0 ? fc.oneof(fc.constantFrom(...enumValues), arbValue) : arbValue;
              return value.map((v) => [name, v] as const);
            }),
            { maxLength: names.length + 1 },
          )
          .map((entries) => JSON.stringify(Object.fromEntries(entries)));
  return fc.oneof(
    { weight: 5, arbitrary: shaped },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 50 }) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":}', '[1,', 'nul', '{"name":"x"', '\u0000', '""', '{}{}') },
  );
}

const arbQuery: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 2, arbitrary: fc.record({ limit: fc.oneof(fc.integer({ min: -5, max: 120 }).map(String), fc.string({ maxLength: 5 })) }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.record({ starting_after: fc.string({ maxLength: 40 }) }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('status', 'channel', 'tag', 'q', 'updated_since', 'type', 'after', 'since', 'stage'), fc.string({ maxLength: 15 }), { maxKeys: 3 }) },
);

const arbRequest: fc.Arbitrary<SimRequest> = arbPath.chain((path) => {
  const template = TARGETS.find((t) => new RegExp(`^${t.template.replace(/\{\w+\}/g, '[^/]*')}/?$`).test(path));
  const anyMethod = fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS');
  // Mostly a method the path has, so requests get past the router into the handlers.
  const method = template
    ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...template.methods) }, { weight: 1, arbitrary: anyMethod })
    : anyMethod;
  return fc.record({
    method,
    path: fc.constant(path),
    query: arbQuery,
    headers: fc.tuple(arbKeyHeaders, arbIdempotency).map(([a, b]) => ({ ...a, ...b })),
    body: arbBodyFor(template?.template ?? ''),
  });
});

const CODES = new Set(Object.keys(ERROR_CATALOGUE));

function checkEnvelope(request: SimRequest, response: SimResponse): void {
  const where = `${request.method} ${request.path} -> ${response.status} ${JSON.stringify(response.body)?.slice(0, 300)}`;
  expect(response.status, where).toBeGreaterThanOrEqual(200);
  expect(response.status, where).toBeLessThan(500);
  if (response.status < 400) return;
  const body = response.body as { error?: { code?: unknown; message?: unknown; param?: unknown } } | undefined;
  expect(Object.keys(body ?? {}), where).toEqual(['error']);
  expect(typeof body?.error?.code, where).toBe('string');
  expect(CODES.has(body!.error!.code as string), where).toBe(true);
  expect(typeof body?.error?.message, where).toBe('string');
  if (body?.error?.param !== undefined) expect(typeof body.error.param, where).toBe('string');
  if (response.status === 405) expect(response.headers['Allow'], where).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
}

/** The state a refused write must leave alone: everything but bookkeeping that any request may touch. */
function observable(snapshot: SimulatorSnapshot): unknown {
  const collections: Record<string, unknown> = {};
  for (const [name, records] of Object.entries(snapshot.store.collections)) {
    // Replays are stored for 4xx too, and the journal belongs to the events' own rules.
    if (name === 'idempotency_keys' || name === 'events') continue;
    collections[name] = name === 'api_keys' ? records.map((r) => ({ ...r, last_used_at: null })) : records;
  }
  // Sequences are left out: a refused write may burn an id, which is never reused anyway. A clock
  // running in real mode moves by itself; only a frozen one must stand still.
  return { clock: snapshot.clock.mode === 'frozen' ? snapshot.clock : 'real', collections };
}

async function send(request: SimRequest): Promise<SimResponse> {
  try {
    return await sim.handle(request);
  } catch (error) {
    // The self-checking simulator throws when a response departs from the document.
    throw new Error(`${request.method} ${request.path} ${JSON.stringify(request.body)?.slice(0, 200)}: ${(error as Error).message}`);
  }
}

describe('fuzz: random requests against every route', () => {
  it('finds routes to aim at', () => {
    expect(TARGETS.length).toBeGreaterThanOrEqual(10);
    expect(TARGETS.some((t) => t.template === '/api/v1/api-keys/{id}')).toBe(true);
    expect(TARGETS.some((t) => t.template.startsWith('/_sandbox/'))).toBe(true);
  });

  it('never answers 5xx, always with a well-formed envelope, and matches the document', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbRequest, { minLength: 1, maxLength: 4 }), async (requests) => {
        sim.reset();
        for (const request of requests) checkEnvelope(request, await send(request));
      }),
      { numRuns: fuzzRuns(300), seed: fuzzSeed() },
    );
  });

  it('a refused write changes nothing', async () => {
    const writes = arbRequest.filter((r) => ['POST', 'PATCH', 'DELETE', 'PUT'].includes(r.method));
    await fc.assert(
      fc.asyncProperty(fc.array(writes, { minLength: 1, maxLength: 3 }), async (requests) => {
        sim.reset();
        for (const request of requests) {
          const before = observable(sim.snapshot());
          const response = await send(request);
          checkEnvelope(request, response);
          if (response.status >= 400) {
            expect(observable(sim.snapshot()), `${request.method} ${request.path} -> ${response.status}`).toEqual(before);
          }
        }
      }),
      { numRuns: fuzzRuns(150), seed: fuzzSeed() },
    );
  });
});

/** FUZZ_RUNS=n multiplies the runs, for a longer hunt than CI affords. */
function fuzzRuns(base: number): number {
  const factor = Number(process.env['FUZZ_RUNS'] ?? '1');
  return Number.isFinite(factor) && factor > 0 ? Math.round(base * factor) : base;
}

/** A fixed seed keeps CI reproducible; FUZZ_SEED=random (or a number) explores further. */
function fuzzSeed(): number {
  const wanted = process.env['FUZZ_SEED'];
  if (wanted === 'random') {
    const seed = Math.floor(Math.random() * 2 ** 31);
    console.log(`fuzz seed ${seed}`);
    return seed;
  }
  return wanted ? Number(wanted) : 20260101;
}
