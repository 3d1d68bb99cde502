/**
 * The pipeline with a tiny route table of its own, to reach what the real routes cannot show:
 * a handler that throws something other than ApiError, and a request still running while its
 * retry arrives.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VirtualClock } from './clock.js';
import { ApiError } from './errors.js';
import { IdempotencyKeys, idempotencyIndexes, type IdempotencyRecord } from './idempotency.js';
import type { Logger } from './logger.js';
import { createPipeline } from './pipeline.js';
import { RateLimiter } from './rate-limit.js';
import { mountRoutes, type AnyRoute, type RouteDefinition } from './route.js';
import { Router } from './router.js';
import type { Entity } from '../store/collection.js';
import { Store } from '../store/store.js';

interface Note extends Entity {
  readonly text: string;
}

interface TestApp {
  readonly notes: ReturnType<Store['define']>;
}

function setup() {
  const store = new Store();
  const notes = store.define<Note>('notes');
  const clock = new VirtualClock(() => 0);
  clock.freeze(Date.UTC(2026, 0, 1));
  const idempotency = new IdempotencyKeys(store, store.define<IdempotencyRecord>('idempotency_keys', idempotencyIndexes), () => clock.now());
  const logged: unknown[] = [];
  const logger: Logger = { info: () => {}, warn: () => {}, error: (_message, error) => logged.push(error) };
  let release: (() => void) | undefined;
  let calls = 0;

  const route = <B>(definition: Omit<RouteDefinition<TestApp, unknown, unknown, B>, 'tag' | 'summary' | 'section' | 'scopeSource' | 'success'>) =>
    ({
      tag: 't',
      summary: 's',
      section: 'test',
      scopeSource: 'assumption',
      success: { statuses: [200], schema: z.unknown(), envelope: 'data' },
      ...definition,
    }) as unknown as AnyRoute<TestApp>;

  const routes = [
    route({
      operationId: 'boom',
      method: 'POST',
      path: '/boom',
      scope: 'write',
      body: z.object({ text: z.string() }),
      handler: ({ body }) => {
        calls++;
        notes.insert({ id: store.nextId('note'), account_id: 1, text: body.text });
        throw new TypeError('kaboom');
      },
    }),
    route({
      operationId: 'slow',
      method: 'POST',
      path: '/slow',
      scope: 'write',
      handler: async () => {
        calls++;
        await new Promise<void>((resolve) => (release = resolve));
        return { status: 200, body: { data: { ok: true } } };
      },
    }),
    route({
      operationId: 'refuse',
      method: 'POST',
      path: '/refuse',
      scope: 'write',
      handler: () => {
        calls++;
        notes.insert({ id: store.nextId('note'), account_id: 1, text: 'half' });
        throw new ApiError('conflict', 'no');
      },
    }),
    route({
      operationId: 'patchRefuse',
      method: 'PATCH',
      path: '/refuse',
      scope: 'write',
      handler: () => {
        calls++;
        return { status: 200, body: { data: { patched: true } } };
      },
    }),
  ];

  const handle = createPipeline({
    mounts: [{ prefix: '/api/v1', router: new Router(mountRoutes(routes, { notes } as unknown as TestApp)), metered: true }],
    documents: new Map(),
    store,
    clock,
    authenticate: (key) => (key === 'good' ? { accountId: 1, keyId: 1, scope: 'full', addonActive: true } : undefined),
    authVersion: () => 0,
    isOperator: () => false,
    accountExists: (accountId) => accountId === 1,
    markKeyUsed: () => {},
    rateLimiter: new RateLimiter('off'),
    idempotency,
    logger,
    maxBodyBytes: 1024,
  });
  const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    handle({ method, path: `/api/v1${path}`, headers: { 'x-service-api-key': 'good', ...headers }, body });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => send('POST', path, body, headers);
  return { store, notes, send, post, logged, release: () => release?.(), calls: () => calls };
}

describe('pipeline error handling', () => {
  it('turns a non-ApiError into a logged 500 server_error and rolls the writes back', async () => {
    const t = setup();
    const res = await t.post('/boom', { text: 'hi' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'server_error', message: expect.any(String) } });
    expect(t.logged).toHaveLength(1);
    expect(t.logged[0]).toBeInstanceOf(TypeError);
    expect(t.notes.size).toBe(0);
  });

  it('rolls back the writes of a handler that throws ApiError', async () => {
    const t = setup();
    const res = await t.post('/refuse', {});
    expect(res.status).toBe(409);
    expect(t.notes.size).toBe(0);
  });

  it('never stores a 5xx under an Idempotency-Key: the retry runs again', async () => {
    const t = setup();
    const first = await t.post('/boom', { text: 'hi' }, { 'Idempotency-Key': 'k-500' });
    expect(first.status).toBe(500);
    const second = await t.post('/boom', { text: 'hi' }, { 'Idempotency-Key': 'k-500' });
    expect(second.status).toBe(500);
    expect(second.headers['Idempotent-Replayed']).toBeUndefined();
    expect(t.calls()).toBe(2);
    expect(t.store.snapshot().collections['idempotency_keys']).toEqual([]);
  });

  it('stores a 4xx from the handler and replays it without running the handler again', async () => {
    const t = setup();
    const first = await t.post('/refuse', {}, { 'Idempotency-Key': 'k-409' });
    const second = await t.post('/refuse', {}, { 'Idempotency-Key': 'k-409' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(first.body);
    expect(second.headers['Idempotent-Replayed']).toBe('true');
    expect(t.calls()).toBe(1);
  });

  it('answers 422 idempotency_key_reused for the same path and body under another method', async () => {
    const t = setup();
    await t.post('/refuse', {}, { 'Idempotency-Key': 'k-method' });
    const patched = await t.send('PATCH', '/refuse', {}, { 'Idempotency-Key': 'k-method' });
    expect(patched.status).toBe(422);
    expect((patched.body as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
    expect(t.calls()).toBe(1);
  });

  it('answers a retry that arrives while the first is running with 409 idempotency_in_progress', async () => {
    const t = setup();
    const running = t.post('/slow', {}, { 'Idempotency-Key': 'k-slow' });
    await Promise.resolve();
    const retry = await t.post('/slow', {}, { 'Idempotency-Key': 'k-slow' });
    expect(retry.status).toBe(409);
    expect((retry.body as { error: { code: string } }).error.code).toBe('idempotency_in_progress');
    expect(Number(retry.headers['Retry-After'])).toBeGreaterThanOrEqual(1);

    // Refused before its body is read, so whatever the body: a wait, not yet a reuse.
    const different = await t.post('/slow', { other: true }, { 'Idempotency-Key': 'k-slow' });
    expect(different.status).toBe(409);

    t.release();
    const first = await running;
    expect(first.status).toBe(200);
    const replay = await t.post('/slow', {}, { 'Idempotency-Key': 'k-slow' });
    expect(replay.status).toBe(200);
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect((await t.post('/slow', { other: true }, { 'Idempotency-Key': 'k-slow' })).status).toBe(422);
    expect(t.calls()).toBe(1);
  });
});
