/** What the screens show, computed without a terminal: routes, body checks, curl, folding JSON, history, history -> scenario, diffs. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimulator } from '../../../src/simulator.js';
import { silentLogger } from '../../../src/core/logger.js';
import { parseScenarioText } from '../../../src/scenarios/load.js';
import { findRoute, pathParams, routesOf, skeleton, type OpenApiLike } from './openapi.js';
import { BodyValidator } from './validate.js';
import { toCurl } from './curl.js';
import { foldablePaths, jsonLines, lineText } from './json-lines.js';
import { HISTORY_LIMIT, HistoryStore } from './history.js';
import { historyToScenario } from './to-scenario.js';
import { diffExchanges } from './diff.js';
import type { Exchange } from '../target/client.js';

const sim = createSimulator({ logger: silentLogger });
const document = sim.openapi() as unknown as OpenApiLike;
const routes = routesOf(document);
const dir = mkdtempSync(join(tmpdir(), 'switchboard-tui-data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function exchange(partial: Partial<Exchange> & { path: string; json?: unknown }): Exchange {
  const text = partial.json === undefined ? '' : JSON.stringify(partial.json);
  return {
    at: '2030-01-01T09:00:00.000Z',
    request: { method: 'GET', path: partial.path, url: `http://sandbox.invalid/api/v1${partial.path}`, headers: { 'X-Service-Api-Key': '<key>' } },
    status: 200,
    headers: { 'content-type': 'application/json' },
    text,
    durationMs: 3,
    ...partial,
  };
}

describe('routes from the target\'s OpenAPI document', () => {
  it('lists every operation with tag, scope and spec clause; static segments win when matching a path', () => {
    expect(routes.length).toBe(Object.values(document.paths!).reduce((sum, item) => sum + Object.keys(item).filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key)).length, 0));
    const account = routes.find((route) => route.method === 'GET' && route.path === '/account')!;
    expect(account).toMatchObject({ operationId: 'getAccount', section: '4.1', scope: 'read' });
    expect(findRoute(routes, 'GET', '/contacts/42')?.path).toBe('/contacts/{id}');
    expect(findRoute(routes, 'POST', '/contacts?x=1')?.path).toBe('/contacts');
    expect(pathParams('/contacts/{id}/notes/{note_id}')).toEqual(['id', 'note_id']);
  });

  it('starts a body from the required fields', () => {
    const upsert = findRoute(routes, 'POST', '/contacts')!;
    const body = skeleton(document, upsert.bodySchema) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['channel', 'platform_user_id']));
  });
});

describe('body checks before sending', () => {
  const validator = new BodyValidator(document);
  const upsert = findRoute(routes, 'POST', '/contacts')!;

  it('names the field and why, and lets a valid body through', () => {
    expect(validator.check('{"channel":"pigeon","platform_user_id":"x"}', upsert.bodySchema, upsert.bodyRequired)).toEqual([
      { path: 'body.channel', message: expect.stringContaining('must be one of') },
    ]);
    expect(validator.check('{"channel":', upsert.bodySchema, false)[0]!.message).toMatch(/^not JSON/);
    expect(validator.check('{"channel":"sms","platform_user_id":"+15550100042"}', upsert.bodySchema, false)).toEqual([]);
    const tag = findRoute(routes, 'POST', '/tags')!;
    expect(validator.check('{"name":"vip","surprise":1}', tag.bodySchema, tag.bodyRequired)).toContainEqual({ path: 'body', message: 'unknown field surprise' });
  });
});

describe('copy as curl', () => {
  it('never carries the key and quotes what it sends', () => {
    const text = toCurl({ method: 'POST', baseUrl: 'https://api.example.test/api/v1', path: '/tags', headers: { 'X-Service-Api-Key': 'sbx_secret', 'Idempotency-Key': "it's" }, body: '{"name":"vip"}' });
    expect(text).toBe(`curl -sS -X POST 'https://api.example.test/api/v1/tags' -H "X-Service-Api-Key: $SWITCHBOARD_API_KEY" -H 'Idempotency-Key: it'\\''s' -H 'Content-Type: application/json' --data-raw '{"name":"vip"}'`);
    expect(toCurl({ method: 'GET', baseUrl: undefined, path: '/account' })).toContain('"${SWITCHBOARD_BASE_URL:-http://127.0.0.1:4010/api/v1}"\'/account\'');
  });
});

describe('folding JSON', () => {
  const value = { data: { id: 1, tags: ['a', 'b'], key: { api_key: 'sbx_abcdefghijklmnop' } } };

  it('folds a path to a one-line summary and masks secret fields unless revealed', () => {
    expect(jsonLines(value, new Set(['$.data.tags'])).map(lineText)).toContain('    "tags": […], 2 items');
    const text = jsonLines(value).map(lineText).join('\n');
    expect(text).not.toContain('sbx_abcdefghijklmnop');
    expect(text).toContain('"api_key": "sbx_abcde••••"');
    expect(jsonLines(value, new Set(), { reveal: true }).map(lineText).join('\n')).toContain('sbx_abcdefghijklmnop');
    expect(foldablePaths(value)).toEqual(['$.data', '$.data.tags', '$.data.key']);
  });
});

describe('history', () => {
  it('persists per target, owner-only, with secret fields masked, and keeps the newest entries', () => {
    const paths = { configDir: join(dir, 'config'), stateDir: join(dir, 'state') };
    const store = new HistoryStore('https://api.example.test/api/v1', paths);
    store.add(exchange({ path: '/api-keys', json: { data: { id: 9, api_key: 'sbx_plaintextkeyvalue1234' } } }));
    const file = join(paths.stateDir, 'history', 'api.example.test_api_v1.jsonl');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain('sbx_plaintextkeyvalue1234');
    const again = new HistoryStore('https://api.example.test/api/v1', paths);
    expect(again.list()).toHaveLength(1);
    expect(again.add(exchange({ path: '/tags' })).id).toBe('h2');
    const memory = new HistoryStore('x', undefined);
    for (let i = 0; i < HISTORY_LIMIT + 3; i++) memory.add(exchange({ path: `/tags?i=${i}` }));
    expect(memory.list()).toHaveLength(HISTORY_LIMIT);
    expect(memory.list()[0]!.exchange.request.path).toBe('/tags?i=3');
  });

  it('saves a selection as a scenario in the engine\'s format, ids captured, no key inside', () => {
    const store = new HistoryStore('sandbox', undefined);
    const created = store.add(
      exchange({ path: '/tags', request: { method: 'POST', path: '/tags', url: 'http://sandbox.invalid/api/v1/tags', headers: { 'X-Service-Api-Key': '<key>', 'Content-Type': 'application/json' }, body: '{"name":"vip"}' }, status: 201, json: { data: { id: 77, name: 'vip' } } }),
    );
    const read = store.add(exchange({ path: '/tags/77', json: { data: { id: 77, name: 'vip' } } }));
    const { text } = historyToScenario([created, read], 'Saved', ['sbx_business_full_0000000000000000']);
    const scenario = parseScenarioText(text, 'saved.yaml');
    expect(scenario.steps).toHaveLength(2);
    expect(scenario.steps[1]!.request!.path).toMatch(/\{\{\w+\}\}$/);
    expect(text).not.toContain('<key>');
    expect(() => historyToScenario([store.add(exchange({ path: '/x', error: 'refused' }))], 'x')).toThrow(/nothing to save/);
  });
});

describe('diff of two responses', () => {
  it('shows the status and every path that differs, fields on one side included', () => {
    const left = exchange({ path: '/account', json: { data: { plan: 'pro', addon: 'active' } } });
    const right = exchange({ path: '/account', status: 403, json: { data: { plan: 'business', extra: true } } });
    expect(diffExchanges(left, right)).toEqual([
      { path: 'status', left: '200', right: '403' },
      { path: '$.data.plan', left: '"pro"', right: '"business"' },
      { path: '$.data.addon', left: '"active"', right: '(missing)' },
      { path: '$.data.extra', left: '(missing)', right: 'true' },
    ]);
  });
});
