import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock.js';
import { ApiError } from './errors.js';
import {
  IDEMPOTENCY_TTL_MS,
  IdempotencyKeys,
  idempotencyIndexes,
  requestFingerprint,
  validateIdempotencyKey,
  type IdempotencyRecord,
} from './idempotency.js';
import { Store } from '../store/store.js';
import { testSimulator } from '../../test/support/simulator.js';
import type { SimResponse } from './types.js';

const START = '2026-01-01T00:00:00+00:00';
const code = (res: SimResponse): unknown => (res.body as { error?: { code?: unknown } }).error?.code;

function unit() {
  const store = new Store();
  const records = store.define<IdempotencyRecord>('idempotency_keys', idempotencyIndexes);
  const clock = new VirtualClock(() => 0);
  clock.freeze(Date.parse(START));
  return { store, records, clock, keys: new IdempotencyKeys(store, records, () => clock.now()) };
}

function errorOf(work: () => unknown): ApiError {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('validateIdempotencyKey (unit)', () => {
  it('accepts 1 to 128 printable ASCII characters', () => {
    for (const key of ['a', ' ', '~', 'x'.repeat(128), 'order-42:retry #1 {ok}', '!"#$%&\'()*+,-./']) {
      expect(validateIdempotencyKey(key)).toBe(key);
    }
  });

  it('refuses empty, too long, non-ASCII and control characters', () => {
    for (const key of ['', 'x'.repeat(129), 'é', 'caf\u00e9', 'tab\there', 'nl\n', '\u0000', '\u007f', '日本']) {
      expect(errorOf(() => validateIdempotencyKey(key)), JSON.stringify(key)).toMatchObject({
        code: 'invalid_idempotency_key',
        status: 400,
      });
    }
  });
});

describe('requestFingerprint (unit)', () => {
  it('ignores JSON key order and whitespace but not values, method or path', () => {
    const base = requestFingerprint('POST', '/a', '{"x":1,"y":[1,2]}');
    expect(requestFingerprint('POST', '/a', '{ "y": [1, 2], "x": 1 }')).toBe(base);
    expect(requestFingerprint('POST', '/a', '{"x":2,"y":[1,2]}')).not.toBe(base);
    expect(requestFingerprint('POST', '/a', '{"x":1,"y":[2,1]}')).not.toBe(base);
    expect(requestFingerprint('PATCH', '/a', '{"x":1,"y":[1,2]}')).not.toBe(base);
    expect(requestFingerprint('POST', '/b', '{"x":1,"y":[1,2]}')).not.toBe(base);
    expect(requestFingerprint('POST', '/a', undefined)).toBe(requestFingerprint('POST', '/a', ''));
    expect(requestFingerprint('POST', '/a', 'not json')).not.toBe(requestFingerprint('POST', '/a', 'not json!'));
  });
});

describe('IdempotencyKeys (unit)', () => {
  it('answers 409 idempotency_in_progress with Retry-After while the first is not complete', () => {
    const { keys } = unit();
    const first = keys.begin(1, 'k', 'fp');
    expect(first.kind).toBe('fresh');
    const error = errorOf(() => keys.begin(1, 'k', 'fp'));
    expect(error).toMatchObject({ code: 'idempotency_in_progress', status: 409 });
    expect(Number(error.headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
    // A different request under the running key is a reuse, not a wait.
    expect(errorOf(() => keys.begin(1, 'k', 'other'))).toMatchObject({ code: 'idempotency_key_reused', status: 422 });
  });

  it('never stores a 5xx: complete(500) then begin again is fresh', () => {
    const { keys, records } = unit();
    const first = keys.begin(1, 'k', 'fp');
    if (first.kind !== 'fresh') throw new Error('expected fresh');
    first.complete(500, { error: { code: 'server_error', message: 'x' } }, {});
    expect(records.size).toBe(0);
    expect(keys.begin(1, 'k', 'fp').kind).toBe('fresh');
  });

  it('stores 2xx and 4xx and replays them', () => {
    const { keys } = unit();
    for (const [key, status] of [['ok', 201], ['bad', 404]] as const) {
      const first = keys.begin(1, key, 'fp');
      if (first.kind !== 'fresh') throw new Error('expected fresh');
      first.complete(status, { n: status }, { Location: '/x' });
      const replay = keys.begin(1, key, 'fp');
      expect(replay).toMatchObject({ kind: 'replay', record: { status, body: { n: status }, headers: { Location: '/x' } } });
    }
  });

  it('abandon frees the key without storing anything', () => {
    const { keys, records } = unit();
    const first = keys.begin(1, 'k', 'fp');
    if (first.kind !== 'fresh') throw new Error('expected fresh');
    first.abandon();
    expect(records.size).toBe(0);
    expect(keys.begin(1, 'k', 'fp').kind).toBe('fresh');
  });

  it('scopes keys per account', () => {
    const { keys } = unit();
    const a = keys.begin(1, 'k', 'fp');
    if (a.kind !== 'fresh') throw new Error('expected fresh');
    a.complete(200, {}, {});
    expect(keys.begin(2, 'k', 'other').kind).toBe('fresh');
  });

  it('forgets a key after 24 hours on the virtual clock and sweeps it', () => {
    const { keys, records, clock } = unit();
    const first = keys.begin(1, 'k', 'fp');
    if (first.kind !== 'fresh') throw new Error('expected fresh');
    first.complete(200, {}, {});
    clock.advance(IDEMPOTENCY_TTL_MS - 1);
    expect(keys.begin(1, 'k', 'fp').kind).toBe('replay');
    clock.advance(1);
    const again = keys.begin(1, 'k', 'different body now allowed');
    expect(again.kind).toBe('fresh');
    expect(records.size).toBe(0);
  });

  it('hold: a header key is held before the body is read; a second hold is 409 whatever its body', () => {
    const { keys, records } = unit();
    const held = keys.hold(1, 'k');
    expect(held).toBeDefined();
    const error = errorOf(() => keys.hold(1, 'k'));
    expect(error).toMatchObject({ code: 'idempotency_in_progress', status: 409 });
    expect(error.headers?.['Retry-After']).toBe('1');
    // A body key (known only after its read) meeting a hold whose body is not read yet waits too.
    expect(errorOf(() => keys.begin(1, 'k', 'any'))).toMatchObject({ code: 'idempotency_in_progress' });
    expect(keys.hold(2, 'k')).toBeDefined();
    const first = keys.begin(1, 'k', 'fp', 'Idempotency-Key', held);
    if (first.kind !== 'fresh') throw new Error('expected fresh');
    expect(errorOf(() => keys.hold(1, 'k'))).toMatchObject({ code: 'idempotency_in_progress' });
    first.complete(201, { data: {} }, {});
    expect(records.size).toBe(1);
    // A stored answer decides: nothing is held, so a retry meanwhile is not kept waiting.
    expect(keys.hold(1, 'k')).toBeUndefined();
    expect(keys.hold(1, 'k')).toBeUndefined();
    expect(keys.begin(1, 'k', 'fp').kind).toBe('replay');
  });

  it('release frees a hold the request never used (its body never came)', () => {
    const { keys, records } = unit();
    const gone = keys.hold(1, 'k')!;
    keys.release(gone);
    keys.release(gone);
    const next = keys.hold(1, 'k')!;
    const run = keys.begin(1, 'k', 'fp', 'Idempotency-Key', next);
    expect(run.kind).toBe('fresh');
    expect(records.size).toBe(0);
  });

  it('a hold forgotten by a reset never frees the hold of a newer request', () => {
    const { keys } = unit();
    const old = keys.hold(1, 'k')!;
    keys.clearInProgress();
    const newer = keys.hold(1, 'k')!;
    keys.release(old);
    expect(errorOf(() => keys.hold(1, 'k'))).toMatchObject({ code: 'idempotency_in_progress' });
    // The old request's body arriving now finds the key another's: it waits like any retry.
    expect(errorOf(() => keys.begin(1, 'k', 'fp', 'Idempotency-Key', old))).toMatchObject({ code: 'idempotency_in_progress' });
    keys.release(newer);
    expect(keys.hold(1, 'k')).toBeDefined();
  });

  it('clearInProgress forgets running requests', () => {
    const { keys } = unit();
    keys.begin(1, 'k', 'fp');
    keys.clearInProgress();
    expect(keys.begin(1, 'k', 'fp').kind).toBe('fresh');
  });
});

describe('idempotency through the pipeline', () => {
  const mint = (sim: ReturnType<typeof testSimulator>['sim'], key: string | undefined, idem: string, body: unknown = { name: 'idem' }) =>
    sim.request({ method: 'POST', path: '/api-keys', key, body, headers: { 'Idempotency-Key': idem } });
  const keyCount = (sim: ReturnType<typeof testSimulator>['sim']) => sim.snapshot().store.collections['api_keys']!.length;

  it('replays status and body with Idempotent-Replayed: true, with exactly one side effect', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    const before = keyCount(sim);
    const first = await mint(sim, keys.full, 'mint-1');
    expect(first.status).toBe(201);
    expect(first.headers['Idempotent-Replayed']).toBeUndefined();
    const second = await mint(sim, keys.full, 'mint-1');
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers['Idempotent-Replayed']).toBe('true');
    expect(keyCount(sim)).toBe(before + 1);
  });

  it('treats the same JSON with other key order or spacing as the same request', async () => {
    const { sim, keys } = testSimulator();
    const first = await mint(sim, keys.full, 'order', '{"name":"a","scope":"read"}');
    const second = await mint(sim, keys.full, 'order', '{ "scope": "read",  "name": "a" }');
    expect(second.headers['Idempotent-Replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
  });

  it('replays a 4xx too', async () => {
    const { sim, keys } = testSimulator();
    const first = await mint(sim, keys.full, 'bad', { name: 5 });
    expect(first.status).toBe(400);
    const second = await mint(sim, keys.full, 'bad', { name: 5 });
    expect(second.status).toBe(400);
    expect(second.body).toEqual(first.body);
    expect(second.headers['Idempotent-Replayed']).toBe('true');

    const missing = await sim.request({ method: 'DELETE', path: '/api-keys/99999', key: keys.full, headers: { 'Idempotency-Key': 'gone' } });
    expect(missing.status).toBe(404);
    const again = await sim.request({ method: 'DELETE', path: '/api-keys/99999', key: keys.full, headers: { 'Idempotency-Key': 'gone' } });
    expect(again.headers['Idempotent-Replayed']).toBe('true');
  });

  it('answers 422 idempotency_key_reused for another body, path or method', async () => {
    const { sim, keys } = testSimulator();
    const first = await mint(sim, keys.full, 'reuse', { name: 'one' });
    const id = (first.body as { data: { id: number } }).data.id;
    const before = keyCount(sim);

    const otherBody = await mint(sim, keys.full, 'reuse', { name: 'two' });
    expect(otherBody.status).toBe(422);
    expect(code(otherBody)).toBe('idempotency_key_reused');

    const otherPath = await sim.request({ method: 'DELETE', path: `/api-keys/${id}`, key: keys.full, headers: { 'Idempotency-Key': 'reuse' } });
    expect(otherPath.status).toBe(422);
    expect(code(otherPath)).toBe('idempotency_key_reused');

    const otherQuery = await sim.request({
      method: 'POST',
      path: '/api-keys',
      query: { x: '1' },
      key: keys.full,
      body: { name: 'one' },
      headers: { 'Idempotency-Key': 'reuse' },
    });
    expect(code(otherQuery)).toBe('idempotency_key_reused');

    // Same path, other method: a DELETE under the key of an earlier DELETE on another id.
    await sim.request({ method: 'DELETE', path: `/api-keys/${id}`, key: keys.full, headers: { 'Idempotency-Key': 'del' } });
    const otherMethod = await sim.request({ method: 'POST', path: `/api-keys`, key: keys.full, body: { name: 'one' }, headers: { 'Idempotency-Key': 'del' } });
    expect(code(otherMethod)).toBe('idempotency_key_reused');

    expect(keyCount(sim)).toBe(before);
    expect((await sim.request({ path: '/api-keys', key: keys.full, query: { limit: 100 } })).status).toBe(200);
  });

  it('answers 400 invalid_idempotency_key for a malformed key and does nothing', async () => {
    const { sim, keys } = testSimulator();
    const before = keyCount(sim);
    for (const idem of ['x'.repeat(129), '', 'é', 'a\u0001b']) {
      const res = await sim.handle({
        method: 'POST',
        path: '/api/v1/api-keys',
        headers: { 'X-Service-Api-Key': keys.full!, 'Idempotency-Key': idem },
        body: { name: 'x' },
      });
      expect(res.status, JSON.stringify(idem)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'invalid_idempotency_key', param: 'Idempotency-Key' } });
    }
    expect(keyCount(sim)).toBe(before);
    const longest = await mint(sim, keys.full, 'x'.repeat(128));
    expect(longest.status).toBe(201);
  });

  it('scopes keys per account: the same key in two accounts both execute', async () => {
    const { sim, accounts } = testSimulator();
    const a = await mint(sim, accounts[0]!.keys.full, 'shared');
    const b = await mint(sim, accounts[1]!.keys.full, 'shared', { name: 'other body' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers['Idempotent-Replayed']).toBeUndefined();
    expect((b.body as { data: { id: number } }).data.id).not.toBe((a.body as { data: { id: number } }).data.id);
  });

  it('is shared by every key of the account', async () => {
    const { sim, keys } = testSimulator();
    await mint(sim, keys.full, 'any-key');
    const replay = await mint(sim, keys.admin, 'any-key');
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
  });

  it('expires after 24 hours on the virtual clock', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    const before = keyCount(sim);
    await mint(sim, keys.full, 'day');
    sim.sandbox.clock.advance('23h59m59s');
    expect((await mint(sim, keys.full, 'day')).headers['Idempotent-Replayed']).toBe('true');
    sim.sandbox.clock.advance('2s');
    const fresh = await mint(sim, keys.full, 'day');
    expect(fresh.status).toBe(201);
    expect(fresh.headers['Idempotent-Replayed']).toBeUndefined();
    expect(keyCount(sim)).toBe(before + 2);
  });

  it('ignores Idempotency-Key on GET, even a malformed one', async () => {
    const { sim, keys } = testSimulator();
    for (const idem of ['get-1', 'get-1', 'é', '']) {
      const res = await sim.request({ path: '/api-keys', key: keys.full, headers: { 'Idempotency-Key': idem } });
      expect(res.status).toBe(200);
      expect(res.headers['Idempotent-Replayed']).toBeUndefined();
    }
    expect(sim.snapshot().store.collections['idempotency_keys']).toEqual([]);
  });

  it('does not store a request refused before it ran (401, 403 scope): the header is checked after auth', async () => {
    const { sim, keys } = testSimulator();
    const refused = await mint(sim, keys.read, 'scoped');
    expect(refused.status).toBe(403);
    const ok = await mint(sim, keys.full, 'scoped');
    expect(ok.status).toBe(201);
    expect(ok.headers['Idempotent-Replayed']).toBeUndefined();
  });

  it('does not store refusals about the caller (add-on, plan gate, quota): a retry after the wait runs (audit 12d D1)', async () => {
    const { sim, accounts } = testSimulator({ rateLimit: '1000/1', clock: { frozenAt: START } });
    const stored = () => sim.snapshot().store.collections['idempotency_keys']!.length;
    const inactive = accounts[4]!.keys.full;
    for (let i = 0; i < 2; i++) {
      const refused = await mint(sim, inactive, 'addon');
      expect(code(refused)).toBe('addon_inactive');
      expect(refused.headers['Idempotent-Replayed']).toBeUndefined();
      sim.sandbox.clock.advance('2s');
    }
    // Comments are closed below Pro (4.14): the free account's key is refused by the gate.
    for (let i = 0; i < 2; i++) {
      const gated = await sim.request({ method: 'POST', path: '/comments/approve', key: accounts[3]!.keys.full, body: { ids: [1] }, headers: { 'Idempotency-Key': 'gate' } });
      expect(code(gated)).toBe('feature_unavailable');
      expect(gated.headers['Idempotent-Replayed']).toBeUndefined();
      sim.sandbox.clock.advance('2s');
    }
    expect(stored()).toBe(0);
    // One request a second: the second within the second is 429, and once waited for, the retry runs.
    const key = accounts[0]!.keys.full;
    expect((await sim.request({ path: '/api-keys', key })).status).toBe(200);
    const limited = await mint(sim, key, 'quota');
    expect(code(limited)).toBe('rate_limited');
    expect(stored()).toBe(0);
    sim.sandbox.clock.advance('2s');
    const ran = await mint(sim, key, 'quota');
    expect(ran.status).toBe(201);
    expect(ran.headers['Idempotent-Replayed']).toBeUndefined();
  });

  it('does not store rate-limit headers with the replay', async () => {
    const { sim, keys } = testSimulator({ rateLimit: '200/20', clock: { frozenAt: START } });
    await mint(sim, keys.full, 'rl');
    const replay = await mint(sim, keys.full, 'rl');
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect(replay.headers['RateLimit-Remaining']).toBe('198');
  });
});
