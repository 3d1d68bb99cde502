import { describe, expect, it } from 'vitest';
import { MUTANT_NAMES } from '../simulator/mutants.js';
import type { SimResponse } from '../core/types.js';
import type { SimulatorSnapshot } from '../simulator/types.js';
import { testSimulator } from '../../test/support/simulator.js';
import { parseDuration } from '../core/duration.js';
import { base64ToBytes } from '../resources/media/bytes.js';
import { SAMPLES } from '../resources/media/samples.js';

const START = '2026-01-01T00:00:00+00:00';
const T0 = Date.parse(START);
const data = <T>(res: SimResponse): T => (res.body as { data: T }).data;
const error = (res: SimResponse) => (res.body as { error: { code: string; param?: string } }).error;

type Sim = ReturnType<typeof testSimulator>['sim'];
const control = (sim: Sim, key: string | undefined, method: string, path: string, body?: unknown) =>
  sim.request({ method, path: `/_sandbox${path}`, key, body });
/** The sandbox operator: powers over the whole sandbox take the operator token, not an account key. */
const operator = (sim: Sim, method: string, path: string, body?: unknown) =>
  sim.request({ method, path: `/_sandbox${path}`, body, headers: { 'X-Sandbox-Token': sim.controlToken } });
const keyIds = async (sim: Sim, key: string | undefined) =>
  data<{ id: number }[]>(await sim.request({ path: '/api-keys', key, query: { limit: 100 } })).map((k) => k.id);

describe('control plane guard: the operator and the accounts', () => {
  const { sim, keys, accounts } = testSimulator();
  const operatorRoutes: [string, string, unknown?][] = [
    ['POST', '/reset', {}],
    ['GET', '/snapshot'],
    ['GET', '/clock'],
    ['POST', '/clock/freeze', {}],
    ['POST', '/clock/unfreeze', {}],
    ['POST', '/clock/advance', { ms: 0 }],
    ['POST', '/clock/set', { now: START }],
    ['GET', '/mutants'],
    ['POST', '/mutants', { names: [] }],
    ['GET', '/rate-limit'],
  ];

  it('whole-sandbox powers need the operator token: none is 401, an account key (any scope) is 403 operator_required', async () => {
    for (const [method, path, body] of operatorRoutes) {
      const none = await control(sim, undefined, method, path, body);
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(error(none).code).toBe('unauthorized');
      const bad = await control(sim, 'sbx_nope', method, path, body);
      expect(error(bad).code).toBe('invalid_api_key');
      for (const scope of ['read', 'write', 'admin', 'full'] as const) {
        const res = await control(sim, keys[scope], method, path, body);
        expect(res.status, `${scope} ${method} ${path}`).toBe(403);
        expect(error(res)).toMatchObject({ code: 'operator_required', param: 'X-Sandbox-Token' });
      }
      const wrongToken = await sim.request({ method, path: `/_sandbox${path}`, body, headers: { 'X-Sandbox-Token': 'sbx_ctl_guess' } });
      expect(wrongToken.status).toBe(401);
      expect(error(wrongToken).code).toBe('invalid_control_token');
    }
    expect((await operator(sim, 'GET', '/clock')).status).toBe(200);
  });

  it('account powers take the account key (GET /events: read), act on that account only, or the operator naming one', async () => {
    for (const scope of ['read', 'write', 'admin', 'full'] as const) {
      expect((await control(sim, keys[scope], 'GET', '/events')).status).toBe(200);
    }
    const asOperator = await sim.request({
      path: '/_sandbox/events',
      headers: { 'X-Sandbox-Token': sim.controlToken, 'X-Sandbox-Account': String(accounts[1]!.id) },
    });
    expect(asOperator.status).toBe(200);
    const unnamed = await sim.request({ path: '/_sandbox/events', headers: { 'X-Sandbox-Token': sim.controlToken } });
    expect(error(unnamed)).toMatchObject({ code: 'invalid_param', param: 'X-Sandbox-Account' });
    const unknown = await sim.request({ path: '/_sandbox/events', headers: { 'X-Sandbox-Token': sim.controlToken, 'X-Sandbox-Account': '999' } });
    expect(unknown.status).toBe(404);
  });

  it('refuses an add-on inactive account on its account powers', async () => {
    const res = await control(sim, accounts[4]!.keys.full, 'GET', '/events');
    expect(res.status).toBe(403);
    expect(error(res).code).toBe('addon_inactive');
  });

  it('answers an unknown control path with 404 and a wrong method with 405', async () => {
    expect((await control(sim, keys.full, 'GET', '/nope')).status).toBe(404);
    const res = await control(sim, keys.full, 'GET', '/reset');
    expect(res.status).toBe(405);
    expect(res.headers['Allow']).toBe('POST');
  });

  it('ignores Idempotency-Key on the control plane', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await sim.request({
        method: 'POST',
        path: '/_sandbox/clock/advance',
        body: { ms: 1 },
        headers: { 'Idempotency-Key': 'same', 'X-Sandbox-Token': sim.controlToken },
      });
      expect(res.status).toBe(200);
      expect(res.headers['Idempotent-Replayed']).toBeUndefined();
    }
  });
});

describe('reset, snapshot and restore', () => {
  it('reset restores the seed: minted keys are gone, revoked seed keys are back', async () => {
    const { sim, keys } = testSimulator();
    const seedIds = await keyIds(sim, keys.full);
    const minted = data<{ api_key: string }>(await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: 'x' } }));
    const readId = data<{ id: number; is_current: boolean }[]>(await sim.request({ path: '/api-keys', key: keys.read })).find((k) => k.is_current)!.id;
    await sim.request({ method: 'DELETE', path: `/api-keys/${readId}`, key: keys.full });
    expect((await sim.request({ path: '/account', key: keys.read })).status).toBe(401);

    const res = await operator(sim, 'POST', '/reset', {});
    expect(res.status).toBe(200);
    expect(data(res)).toEqual({ ok: true });
    expect(await keyIds(sim, keys.full)).toEqual(seedIds);
    expect((await sim.request({ path: '/account', key: minted.api_key })).status).toBe(401);
    expect((await sim.request({ path: '/account', key: keys.read })).status).toBe(200);
  });

  it('reset clears idempotency keys, mutants and restores the starting clock', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: 'x' }, headers: { 'Idempotency-Key': 'r' } });
    await operator(sim, 'POST', '/mutants', { names: ['created_as_ok'] });
    await operator(sim, 'POST', '/clock/advance', { duration: '3d' });
    await operator(sim, 'POST', '/reset', {});

    expect(data(await operator(sim, 'GET', '/clock'))).toEqual({ mode: 'frozen', now: START, now_ms: T0 });
    expect(data<{ active: string[] }>(await operator(sim, 'GET', '/mutants')).active).toEqual([]);
    const again = await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: 'x' }, headers: { 'Idempotency-Key': 'r' } });
    expect(again.status).toBe(201);
    expect(again.headers['Idempotent-Replayed']).toBeUndefined();
  });

  it('snapshot -> mutate -> restore gives the old state back', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: 'kept' } });
    const snapRes = await operator(sim, 'GET', '/snapshot');
    expect(snapRes.status).toBe(200);
    const snapshot = data<SimulatorSnapshot>(snapRes);
    expect(snapshot).toMatchObject({ format: 'switchboard-snapshot', version: 1, clock: { mode: 'frozen', now: START } });
    const before = await keyIds(sim, keys.full);

    const gone = data<{ api_key: string }>(await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: 'gone' } }));
    await operator(sim, 'POST', '/clock/advance', { duration: '1h' });
    expect(await keyIds(sim, keys.full)).not.toEqual(before);

    const restored = await operator(sim, 'POST', '/restore', snapshot);
    expect(restored.status).toBe(200);
    expect(await keyIds(sim, keys.full)).toEqual(before);
    expect((await sim.request({ path: '/account', key: gone.api_key })).status).toBe(401);
    expect(sim.sandbox.clock.now()).toBe(START);
    expect(sim.snapshot().store).toEqual(snapshot.store);

    // Ids keep counting from the snapshot's sequence: the next key reuses no id that exists.
    const next = data<{ id: number }>(await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: 'next' } }));
    expect(before).not.toContain(next.id);
  });

  it('restore takes the snapshot response as it is, {data: ...} envelope included', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    const saved = (await operator(sim, 'GET', '/snapshot')).body;
    const before = await keyIds(sim, keys.full);
    await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: 'dropped' } });
    const restored = await operator(sim, 'POST', '/restore', saved);
    expect(restored.status).toBe(200);
    expect(await keyIds(sim, keys.full)).toEqual(before);
  });

  it('sim.snapshot/sim.restore match the HTTP snapshot', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    const viaHttp = data<SimulatorSnapshot>(await operator(sim, 'GET', '/snapshot'));
    expect(JSON.parse(JSON.stringify(sim.snapshot()))).toEqual(viaHttp);
  });

  it('refuses a malformed snapshot with 400 invalid_param and changes nothing', async () => {
    // Frozen, and the key used once first, so last_used_at cannot move under the comparison.
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    await operator(sim, 'GET', '/clock');
    const before = JSON.stringify(sim.snapshot().store);
    for (const body of [{}, { format: 'switchboard-snapshot', version: 2 }, { ...sim.snapshot(), store: { format: 'nope' } }]) {
      const res = await operator(sim, 'POST', '/restore', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(error(res).code).toBe('invalid_param');
    }
    const unknownCollection = { ...sim.snapshot(), store: { ...sim.snapshot().store, collections: { bogus: [] } } };
    const res = await operator(sim, 'POST', '/restore', unknownCollection);
    expect(res.status).toBe(400);
    expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'store.collections.bogus' });
    expect(JSON.stringify(sim.snapshot().store)).toBe(before);
  });
});

describe('clock control', () => {
  it('freeze, advance, set and unfreeze through /_sandbox/clock/*', async () => {
    const { sim, keys } = testSimulator();
    expect(data<{ mode: string }>(await operator(sim, 'GET', '/clock')).mode).toBe('real');

    const frozen = await operator(sim, 'POST', '/clock/freeze', { at: START });
    expect(data(frozen)).toEqual({ mode: 'frozen', now: START, now_ms: T0 });

    const advanced = await operator(sim, 'POST', '/clock/advance', { duration: '1h30m' });
    expect(data(advanced)).toMatchObject({ now: '2026-01-01T01:30:00+00:00' });
    const byMs = await operator(sim, 'POST', '/clock/advance', { ms: 1500 });
    expect(data(byMs)).toMatchObject({ now: '2026-01-01T01:30:01+00:00', now_ms: T0 + 5_401_500 });

    const set = await operator(sim, 'POST', '/clock/set', { now: '2027-03-04T05:06:07+02:00' });
    expect(data(set)).toMatchObject({ mode: 'frozen', now: '2027-03-04T03:06:07+00:00' });

    const minted = await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: 't' } });
    expect(data<{ created_at: string }>(minted).created_at).toBe('2027-03-04T03:06:07+00:00');

    const unfrozen = await operator(sim, 'POST', '/clock/unfreeze', {});
    expect(data<{ mode: string; now_ms: number }>(unfrozen).mode).toBe('real');
    expect(data<{ now_ms: number }>(unfrozen).now_ms).toBeGreaterThanOrEqual(Date.parse('2027-03-04T03:06:07Z'));
  });

  it('freeze without a body freezes now', async () => {
    const { sim, keys } = testSimulator();
    const res = await operator(sim, 'POST', '/clock/freeze');
    expect(res.status).toBe(200);
    expect(data<{ mode: string }>(res).mode).toBe('frozen');
  });

  it('validates clock bodies', async () => {
    const { sim, keys } = testSimulator();
    const cases: [string, unknown, string][] = [
      ['/clock/advance', {}, 'ms'],
      ['/clock/advance', { ms: 1, duration: '1s' }, 'ms'],
      ['/clock/advance', { ms: -1 }, 'ms'],
      ['/clock/advance', { duration: 'soon' }, 'duration'],
      ['/clock/set', { now: 'tomorrow' }, 'now'],
      ['/clock/set', { now: '2026-01-01T00:00:00' }, 'now'],
      ['/clock/freeze', { at: 5 }, 'at'],
      ['/clock/freeze', { bogus: true }, 'bogus'],
    ];
    for (const [path, body, param] of cases) {
      const res = await operator(sim, 'POST', path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(error(res)).toMatchObject({ code: 'invalid_param', param });
    }
  });

  it('parseDuration sums its parts', () => {
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('7d')).toBe(604_800_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('90s')).toBe(90_000);
  });
});

describe('events and mutants', () => {
  it("GET /events answers the caller's journal, oldest first, with after/type/limit", async () => {
    const { sim, keys, accounts } = testSimulator({ clock: { frozenAt: START } });
    const res = await control(sim, keys.read, 'GET', '/events');
    expect(data(res)).toEqual([]);
    const bad = await sim.request({ path: '/_sandbox/events', key: keys.read, query: { limit: '0' } });
    expect(bad.status).toBe(400);
    expect(error(bad).param).toBe('limit');
    const badAfter = await sim.request({ path: '/_sandbox/events', key: keys.read, query: { after: 'x' } });
    expect(error(badAfter).param).toBe('after');
    expect(accounts).toHaveLength(5);
  });

  it('lists and sets mutants, refusing unknown names with 400 invalid_param', async () => {
    const { sim, keys } = testSimulator();
    const listed = data<{ active: string[]; available: Record<string, string> }>(await operator(sim, 'GET', '/mutants'));
    expect(listed.active).toEqual([]);
    expect(Object.keys(listed.available).sort()).toEqual([...MUTANT_NAMES].sort());

    const set = await operator(sim, 'POST', '/mutants', { names: ['created_as_ok'] });
    expect(data<{ active: string[] }>(set).active).toEqual(['created_as_ok']);
    // The mutant really bites: creates answer 200 (an undocumented status, so ask the unchecked fetch entry).
    const bitten = await sim.fetch(
      new Request('http://sim.test/api/v1/api-keys', {
        method: 'POST',
        headers: { 'x-service-api-key': keys.full!, 'content-type': 'application/json' },
        body: '{"name":"m"}',
      }),
    );
    expect(bitten.status).toBe(200);

    const unknown = await operator(sim, 'POST', '/mutants', { names: ['no_such_mutant'] });
    expect(unknown.status).toBe(400);
    expect(error(unknown).code).toBe('invalid_param');
    expect(error(unknown).param).toMatch(/^names/);
    expect(data<{ active: string[] }>(await operator(sim, 'GET', '/mutants')).active).toEqual(['created_as_ok']);

    const off = await operator(sim, 'POST', '/mutants', { names: [] });
    expect(data<{ active: string[] }>(off).active).toEqual([]);
    sim.sandbox.setMutants(['created_as_ok']);
    expect(data<{ active: string[] }>(await operator(sim, 'GET', '/mutants')).active).toEqual(['created_as_ok']);
  });
});

describe('rate-limit state', () => {
  it('GET /_sandbox/rate-limit tells the limits in force, and enabled false when they are off', async () => {
    const { sim } = testSimulator({ rateLimit: '200/20' });
    expect(data(await operator(sim, 'GET', '/rate-limit'))).toEqual({ enabled: true, per_minute: 200, per_second: 20 });
    sim.setRateLimit('off');
    expect(data(await operator(sim, 'GET', '/rate-limit'))).toEqual({ enabled: false, per_minute: null, per_second: null });
    expect(sim.sandbox.rateLimit()).toEqual({ enabled: false, per_minute: null, per_second: null });
  });
});

describe('restore checks every invariant before it replaces anything (all or nothing)', () => {
  const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
  interface Editable {
    clock: SimulatorSnapshot['clock'];
    store: { sequences: Record<string, number>; collections: Record<string, Record<string, unknown>[]> };
  }
  const broken = (edit: (snapshot: Editable) => void) => {
    const snapshot = structuredClone(sim.snapshot()) as unknown as Editable;
    edit(snapshot);
    return snapshot;
  };
  const refused = async (snapshot: unknown, param: RegExp) => {
    const before = sim.snapshot();
    const res = await operator(sim, 'POST', '/restore', snapshot);
    expect(res.status).toBe(400);
    expect(error(res).code).toBe('invalid_param');
    expect(error(res).param).toMatch(param);
    expect(sim.snapshot()).toEqual(before);
  };

  it('refuses a sequence below the ids it hands out (the next create would collide)', async () => {
    await refused(broken((s) => (s.store.sequences['contact'] = 0)), /^store\.sequences\.contact$/);
  });

  it('refuses a record missing fields or with a field of the wrong type, naming it', async () => {
    await refused(broken((s) => delete s.store.collections['contacts']![0]!['channel']), /^store\.collections\.contacts\[0\]\.channel$/);
    await refused(broken((s) => (s.store.collections['contacts']![0]!['tag_ids'] = 5)), /^store\.collections\.contacts\[0\]\.tag_ids$/);
    await refused(broken((s) => (s.store.collections['contacts']![0]!['sneaky'] = true)), /^store\.collections\.contacts\[0\]\.sneaky$/);
  });

  it('refuses a reference to a missing record or to another account’s', async () => {
    await refused(broken((s) => (s.store.collections['contacts']![0]!['tag_ids'] = [999_999])), /tag_ids$/);
    const otherAccountsTag = sim.snapshot().store.collections['tags']!.find((tag) => tag.account_id !== 1)!.id;
    await refused(
      broken((s) => {
        const contact = s.store.collections['contacts']!.find((c) => c['account_id'] === 1)!;
        contact['tag_ids'] = [otherAccountsTag];
      }),
      /tag_ids$/,
    );
  });

  it('refuses duplicate ids, duplicate natural keys, and records of an account that does not exist', async () => {
    await refused(broken((s) => s.store.collections['tags']!.push({ ...s.store.collections['tags']![0]! })), /^store\.collections\.tags\[\d+\]/);
    await refused(broken((s) => (s.store.collections['tags']![1]!['name'] = s.store.collections['tags']![0]!['name'])), /tags/);
    await refused(broken((s) => (s.store.collections['tags']![0]!['account_id'] = 424242)), /account_id$/);
  });

  it('refuses event data nested too deep to serialise, and a clock past 9999', async () => {
    // Sent as text, as a saved file would be: the in-process caller could not even serialise it.
    const snapshot = broken((s) =>
      s.store.collections['events']!.push({ id: 99_999_999, account_id: 1, type: 'contact.updated', created_at: s.clock.now, created_ms: s.clock.now_ms, data: { deep: 'DEEP' } }),
    );
    const text = JSON.stringify(snapshot).replace('"DEEP"', `${'{"deeper":'.repeat(5_000)}"end"${'}'.repeat(5_000)}`);
    await refused(text, /events/);
    const future = broken((s) => (s.clock = { mode: 'frozen', now: '9999-12-31T23:59:59+00:00', now_ms: Date.UTC(10_000, 0, 1) }));
    const res = await operator(sim, 'POST', '/restore', future);
    expect(res.status).toBe(400);
  });

  it('still restores a valid snapshot, and keeps serving after each refusal', async () => {
    expect((await operator(sim, 'POST', '/restore', sim.snapshot())).status).toBe(200);
    expect((await sim.request({ path: '/account', key: keys.read })).status).toBe(200);
  });
});

describe('restore round-trips the state every group keeps', () => {
  it('a sandbox the AI, knowledge, media and market groups changed restores whole, through JSON as a state file would', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    const ok = async (res: Promise<SimResponse>, status = 200) => {
      const answered = await res;
      expect(answered.status, JSON.stringify(answered.body)).toBe(status);
      return answered;
    };
    await ok(sim.request({ method: 'PATCH', path: '/ai/config', key: keys.admin, body: { identity: { tone: 'casual' }, followups: { first_delay_minutes: 30 } } }));
    await ok(sim.request({ method: 'PATCH', path: '/ai/channels/whatsapp', key: keys.admin, body: { ai_enabled: false } }));
    await ok(sim.request({ method: 'POST', path: '/knowledge/faqs', key: keys.full, body: { question: 'Round trip?', answer: 'Yes', keywords: 'restore' } }), 201);
    await ok(sim.request({ method: 'POST', path: '/knowledge/services', key: keys.full, body: { name: 'Restore', price: 12.5, currency: 'eur' } }), 201);
    sim.sandbox.addDocument(1, { name: 'Policy', type: 'pdf', size_bytes: 120_000 });
    sim.sandbox.createKnowledgeGap(1, { signal_type: 'escalation', channel: 'instagram', user_message: 'Can I talk to someone?' });
    sim.sandbox.setKnowledgeLimit(1, { items: 500 });
    const upload = new FormData();
    upload.set('file', new Blob([new Uint8Array(base64ToBytes(SAMPLES['pricing.png'].base64))], { type: 'image/png' }), 'pricing.png');
    upload.set('name', 'Prices');
    const media = data<{ url: string }>(await ok(sim.request({ method: 'POST', path: '/media', key: keys.full, body: upload }), 201));
    // The world is the whole sandbox's (records of account 0); the rest is account 1's.
    sim.sandbox.market.setWorldAccount({ username: 'restore.shop', kind: 'creator', followers: 5_000 });
    sim.sandbox.market.reseed({ seed: 'restored' });
    await ok(sim.request({ method: 'POST', path: '/competitors', key: keys.full, body: { username: 'restore.shop' } }), 201);
    await ok(sim.request({ method: 'POST', path: '/market-intel/refresh', key: keys.admin, body: {} }));
    sim.sandbox.clock.advance('2d');

    const before = sim.snapshot();
    const saved = JSON.stringify(before);
    sim.reset();
    await ok(operator(sim, 'POST', '/restore', JSON.parse(saved)));
    expect(sim.snapshot()).toEqual(before);
    const file = await sim.request({ path: new URL(media.url).pathname });
    expect(file.status).toBe(200);
    expect(file.body).toEqual(base64ToBytes(SAMPLES['pricing.png'].base64));
  });

  it('refuses a record of the whole sandbox that names an account, and a media item whose bytes disagree with its size', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    sim.sandbox.market.setWorldAccount({ username: 'restore.shop', kind: 'creator' });
    const upload = new FormData();
    upload.set('file', new Blob([new Uint8Array(base64ToBytes(SAMPLES['pricing.png'].base64))], { type: 'image/png' }), 'pricing.png');
    upload.set('name', 'Prices');
    expect((await sim.request({ method: 'POST', path: '/media', key: keys.full, body: upload })).status).toBe(201);
    const refused = async (edit: (collections: Record<string, Record<string, unknown>[]>) => void, param: RegExp) => {
      const snapshot = structuredClone(sim.snapshot()) as unknown as { store: { collections: Record<string, Record<string, unknown>[]> } };
      edit(snapshot.store.collections);
      const res = await operator(sim, 'POST', '/restore', snapshot);
      expect(res.status).toBe(400);
      expect(error(res).param).toMatch(param);
    };
    await refused((c) => (c['market_world_accounts']!.at(-1)!['account_id'] = 1), /^store\.collections\.market_world_accounts\[\d+\]\.account_id$/);
    await refused((c) => (c['media_items']!.at(-1)!['size_bytes'] = 7), /^store\.collections\.media_items\[\d+\]\.data$/);
    await refused((c) => (c['media_items']!.at(-1)!['mime_type'] = 'video/mp4'), /^store\.collections\.media_items\[\d+\]\.kind$/);
  });
});
