/**
 * Hostile JSON on every route and every sandbox power (issue 11): nesting thousands of levels
 * deep, numbers past what a double holds, duplicate keys, and prototype keys, as the whole body
 * and as the value of each of the route's own fields. Whatever arrives:
 *
 * - never a 5xx, and the answer is the spec's envelope;
 * - no hang: each answer comes within a generous bound (a hang check, not a speed target);
 * - the server still answers a health request afterwards, and no prototype was polluted.
 *
 * In process through `sim.handle` (every case), and over node:http (the whole-body cases), where
 * the wire parser and the connection handling are in play too. Powers run with the operator
 * token, so the operator-only ones are reached as well.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listen, type RunningServer } from '../src/adapters/node-http.js';
import { ERROR_CATALOGUE } from '../src/core/errors.js';
import type { SimRequest, SimResponse } from '../src/core/types.js';
import { controlRouteTable } from '../src/simulator/tables.js';
import { createSimulator } from '../src/simulator.js';
import { silentLogger } from '../src/core/logger.js';

const sim = createSimulator({ logger: silentLogger, rateLimit: 'off', clock: { frozenAt: '2026-01-01T00:00:00+00:00' } });
const account = sim.accounts[0]!;
const FULL = account.keys.full!;
const READ = account.keys.read!;
const document = sim.openapi();
const CODES = new Set(Object.keys(ERROR_CATALOGUE));
/** A hang check: far above any real answer here, far below a test timeout. */
const ANSWER_WITHIN_MS = 3_000;

interface Target {
  readonly method: string;
  readonly path: string;
  readonly fields: readonly string[];
  readonly control: boolean;
}

type JsonSchema = { properties?: Record<string, JsonSchema>; $ref?: string };
function propertiesOf(schema: JsonSchema | undefined): string[] {
  let at = schema;
  while (at?.$ref) at = document.components?.schemas?.[at.$ref.replace('#/components/schemas/', '')] as JsonSchema | undefined;
  return Object.keys(at?.properties ?? {});
}

function targets(): Target[] {
  const out: Target[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'patch', 'delete'] as const) {
      const operation = (item as Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } } | undefined>)[method];
      if (!operation) continue;
      out.push({ method: method.toUpperCase(), path: `/api/v1${path.replace(/\{\w+\}/g, '1')}`, fields: propertiesOf(operation.requestBody?.content?.['application/json']?.schema), control: false });
    }
  }
  for (const route of controlRouteTable()) {
    // A mutant switched on breaks the API on purpose; the mutants power is fuzzed with its switch off below.
    const body = route.body ? (z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;
    out.push({ method: route.method, path: `/_sandbox${route.path.replace(/\{\w+\}/g, '1')}`, fields: propertiesOf(body), control: true });
  }
  return out;
}

const DEPTH = 20_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const HUGE_NUMBERS = ['1e400', '-1e400', '1e-400', '123456789012345678901234567890', '9007199254740993', '-0'];
const PROTO = ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '{"prototype":{"polluted":true}}'];

/** Whole-body cases: JSON text as it arrives on the wire. */
const WHOLE_BODIES: readonly [string, string][] = [
  ['array nested 20,000 deep', deepArray],
  ['object nested 20,000 deep', deepObject],
  ...HUGE_NUMBERS.map((n): [string, string] => [`the number ${n}`, n]),
  ['duplicate keys', '{"name":"a","name":"b","name":{"x":1}}'],
  ...PROTO.map((p): [string, string] => [`prototype keys ${p}`, p]),
];

/** Field cases: each of the route's own fields set to a hostile value. */
const FIELD_VALUES: readonly [string, string][] = [
  ['nested 20,000 deep', deepObject],
  ['a huge number', '1e400'],
  ['a huge integer', '123456789012345678901234567890'],
  ['an object with prototype keys', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
];

function bodiesFor(target: Target): [string, string][] {
  const cases: [string, string][] = [...WHOLE_BODIES];
  for (const field of target.fields) {
    for (const [label, value] of FIELD_VALUES) cases.push([`${field} = ${label}`, `{"${field}":${value}}`]);
    cases.push([`${field} twice`, `{"${field}":"x","${field}":1e400}`]);
  }
  return cases;
}

function headersFor(target: Target): Record<string, string> {
  const json = { 'content-type': 'application/json' };
  return target.control ? { ...json, 'x-sandbox-token': sim.controlToken, 'x-sandbox-account': String(account.id) } : { ...json, 'x-service-api-key': FULL };
}

function checkAnswer(where: string, status: number, body: unknown, ms: number): void {
  expect(status, where).toBeGreaterThanOrEqual(200);
  expect(status, where).toBeLessThan(500);
  expect(ms, `${where} took ${Math.round(ms)} ms`).toBeLessThan(ANSWER_WITHIN_MS);
  if (status < 400) return;
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  expect(CODES.has(String(error?.code)), `${where}: ${JSON.stringify(body)?.slice(0, 200)}`).toBe(true);
  expect(typeof error?.message, where).toBe('string');
}

function notPolluted(where: string): void {
  expect(({} as Record<string, unknown>)['polluted'], where).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), where).toBe(false);
}

const TARGETS = targets();
const WITH_BODY = TARGETS.filter((t) => t.method === 'POST' || t.method === 'PATCH');
const isMutantSwitch = (t: Target) => t.control && t.path === '/_sandbox/mutants';

async function healthInProcess(where: string): Promise<void> {
  const health = await sim.handle({ method: 'GET', path: '/api/v1/account', headers: { 'x-service-api-key': READ } });
  expect(health.status, `health after ${where}`).toBe(200);
}

describe('hostile JSON in process, on every route and power', () => {
  it('covers the API and the control plane', () => {
    expect(WITH_BODY.filter((t) => !t.control).length).toBeGreaterThanOrEqual(15);
    expect(WITH_BODY.filter((t) => t.control).length).toBeGreaterThanOrEqual(15);
  });

  it('never a 5xx, never a hang, and the server answers afterwards', async () => {
    let cases = 0;
    for (const target of WITH_BODY) {
      for (const [label, body] of bodiesFor(target)) {
        const where = `${target.method} ${target.path} with ${label}`;
        const request: SimRequest = { method: target.method, path: target.path, headers: headersFor(target), body };
        const started = performance.now();
        const response: SimResponse = await sim.handle(request);
        checkAnswer(where, response.status, response.body, performance.now() - started);
        if (isMutantSwitch(target) && response.status < 400) sim.sandbox.setMutants([]);
        notPolluted(where);
        await healthInProcess(where);
        cases++;
      }
      sim.reset();
    }
    expect(cases).toBeGreaterThan(500);
  }, 240_000);

  it('query strings with hostile values on every GET', async () => {
    for (const target of TARGETS.filter((t) => t.method === 'GET')) {
      for (const value of ['1e400', '123456789012345678901234567890', '__proto__', '%00', '[]', '{}', 'a'.repeat(10_000)]) {
        const query = { limit: value, starting_after: value, __proto__: value, constructor: value, updated_since: value };
        const started = performance.now();
        const response = await sim.handle({ method: 'GET', path: target.path, query, headers: headersFor(target) });
        checkAnswer(`GET ${target.path}?…=${value.slice(0, 20)}`, response.status, response.body, performance.now() - started);
      }
    }
    notPolluted('queries');
    await healthInProcess('queries');
  }, 120_000);
});

describe('hostile JSON over node:http (the whole-body cases)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await listen(sim, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('never a 5xx, never a hang, and the server answers afterwards', async () => {
    for (const target of WITH_BODY) {
      for (const [label, body] of WHOLE_BODIES) {
        const where = `${target.method} ${target.path} with ${label}`;
        const started = performance.now();
        const response = await fetch(`${server.origin}${target.path}`, { method: target.method, headers: headersFor(target), body, signal: AbortSignal.timeout(10_000) });
        const text = await response.text();
        checkAnswer(where, response.status, text === '' ? undefined : (JSON.parse(text) as unknown), performance.now() - started);
        if (isMutantSwitch(target) && response.status < 400) sim.sandbox.setMutants([]);
      }
      const health = await fetch(`${server.baseUrl}/account`, { headers: { 'x-service-api-key': READ } });
      expect(health.status, `health after ${target.method} ${target.path}`).toBe(200);
      await health.arrayBuffer();
      sim.reset();
    }
    notPolluted('over node:http');
  }, 240_000);
});
