/**
 * The served document's examples (issue 13) are real exchanges with a default-seed simulator and
 * stay so: the recording (src/openapi/examples/recorded.json) equals a fresh run of every
 * operation (so an example cannot drift from the behaviour), every operation has a success example
 * and a request, and every example validates against the schema it illustrates.
 *
 * After a behaviour change: `npm run examples:update` records again; review the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020Module from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulator } from '../src/simulator.js';
import { silentLogger } from '../src/core/logger.js';
import { recordExamples } from '../src/simulator/examples.js';
import { registry } from '../src/resources/index.js';
import type { RecordedExamples } from '../src/openapi/examples/collect.js';
import { SUCCESS_NOT_SHOWN } from '../src/openapi/examples/inputs.js';

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;
const RECORDED = join(import.meta.dirname, '..', 'src', 'openapi', 'examples', 'recorded.json');
const UPDATE = process.env['SWITCHBOARD_UPDATE_EXAMPLES'] === '1';

const sim = createSimulator({ logger: silentLogger });
const served = async () => (await sim.request({ path: '/openapi.json' })).body as Document;

interface Media {
  schema: Record<string, unknown>;
  examples?: Record<string, { summary: string; value: unknown }>;
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown>; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media>; 'x-error-codes'?: string[] }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/** Secrets minted at random (a new API key, a signing secret) and measured latencies: compared as present, not by value. */
// invite_link: a resent invitation gets a fresh secret link.
const RANDOM_FIELDS = new Set(['api_key', 'preview', 'signing_secret', 'secret', 'latency_ms', 'invite_link']);
const withoutRandom = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, inner: unknown) => (RANDOM_FIELDS.has(key) && (typeof inner === 'string' || typeof inner === 'number') ? '<random>' : inner)));

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })));

describe('the recorded examples', () => {
  let fresh: RecordedExamples;
  beforeAll(async () => {
    fresh = await recordExamples(registry);
    if (UPDATE) writeFileSync(RECORDED, `${JSON.stringify(fresh, null, 1)}\n`);
  }, 60_000);

  it('are what a default-seed simulator answers today (npm run examples:update after a behaviour change)', () => {
    const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as RecordedExamples;
    // Per operation, so a failure names the one that drifted.
    expect(Object.keys(recorded).sort()).toEqual(Object.keys(fresh).sort());
    for (const operationId of Object.keys(fresh)) expect(withoutRandom(recorded[operationId]), operationId).toEqual(withoutRandom(fresh[operationId]));
  });
});

describe('the served /openapi.json', () => {
  it('is sim.openapiWithExamples(): sim.openapi() plus examples', async () => {
    const doc = await served();
    expect(doc).toEqual(JSON.parse(JSON.stringify(sim.openapiWithExamples())));
    const stripped = JSON.stringify(doc, (key, value: unknown) => (key === 'examples' || key === 'example' ? undefined : value));
    // Webhook header parameters carry their own hand-written examples in both documents.
    expect(JSON.parse(stripped)).toEqual(JSON.parse(JSON.stringify(sim.openapi(), (key, value: unknown) => (key === 'examples' || key === 'example' ? undefined : value))));
  });

  it('gives every operation a success response example and, when it takes a JSON body, a request example', async () => {
    const doc = await served();
    const missing: string[] = [];
    for (const { where, op } of operationsOf(doc)) {
      const successes = Object.entries(op.responses).filter(([status]) => Number(status) < 300);
      const shown = successes.some(([, response]) => response.content?.['application/json']?.examples !== undefined);
      if (shown === op.operationId in SUCCESS_NOT_SHOWN) missing.push(`${where}: success ${shown ? 'shown although listed in SUCCESS_NOT_SHOWN' : 'missing'}`);
      const json = op.requestBody?.content['application/json'];
      if (json !== undefined && json.examples === undefined) missing.push(`${where}: request body`);
      for (const parameter of op.parameters ?? []) {
        if (parameter.in === 'path' && parameter.example === undefined) missing.push(`${where}: {${parameter.name}}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives every documented error status of every operation an example', async () => {
    const doc = await served();
    const missing: string[] = [];
    let shown = 0;
    for (const { where, op } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        if (response.content?.['application/json']?.examples === undefined) missing.push(`${where} ${status} (${(response['x-error-codes'] ?? []).join(', ')})`);
        else shown++;
      }
    }
    expect(missing).toEqual([]);
    expect(shown).toBeGreaterThan(900);
  });

  it('shows 500 with the real server_error answer, and 409 idempotency_in_progress where no other 409 is shown', async () => {
    const doc = await served();
    const errorOf = (media: Media | undefined) => Object.values(media?.examples ?? {})[0]?.value as { error: { code: string } } | undefined;
    for (const { where, op } of operationsOf(doc)) {
      const serverError = op.responses['500'];
      if (serverError !== undefined) expect(errorOf(serverError.content?.['application/json']), where).toEqual({ error: { code: 'server_error', message: 'Unexpected failure. The request was not applied.' } });
    }
    const inFlight = doc.paths['/tags']!['post']!.responses['409']!.content!['application/json']!;
    expect(inFlight.examples!['idempotency_in_progress']!.summary).toMatch(/still running/);
  });

  it('has every example valid against its own schema, and every error example one of its status codes', async () => {
    const doc = await served();
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
    const check = (where: string, schema: Record<string, unknown>, value: unknown) => {
      const ref = schema['$ref'];
      const id = typeof ref === 'string' ? ref : JSON.stringify(schema);
      let validate = compiled.get(id);
      if (validate === undefined) {
        validate = ajv.compile(typeof ref === 'string' ? { $ref: `doc${ref}` } : schema);
        compiled.set(id, validate);
      }
      return validate(value) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
    };
    const problems: string[] = [];
    let count = 0;
    for (const { where, op } of operationsOf(doc)) {
      for (const parameter of op.parameters ?? []) {
        if (parameter.example === undefined) continue;
        count++;
        problems.push(...check(`${where} parameter ${parameter.name}`, parameter.schema, parameter.example));
      }
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        for (const example of Object.values(media.examples ?? {})) {
          count++;
          problems.push(...check(`${where} request ${type}`, media.schema, example.value));
        }
      }
      for (const [status, response] of Object.entries(op.responses)) {
        const media = response.content?.['application/json'];
        for (const [name, example] of Object.entries(media?.examples ?? {})) {
          count++;
          problems.push(...check(`${where} ${status} ${name}`, media!.schema, example.value));
          if (Number(status) >= 400) expect(response['x-error-codes'], `${where} ${status}`).toContain(name);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(900);
  });

  it('is served fast: merging the recording costs no example run', () => {
    const fresh = createSimulator({ logger: silentLogger });
    fresh.openapi();
    const started = performance.now();
    fresh.openapiWithExamples();
    const elapsed = performance.now() - started;
    fresh.close();
    expect(elapsed).toBeLessThan(500);
  });
});
