/**
 * Property tests (fast-check) over contacts, tags and custom fields: random payloads and random
 * sequences of operations. Every response must match the documented schema (testSimulator checks
 * that on each call) or be a 4xx in the error envelope, and a rejected request must change nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../../../fixtures/default-seed.js';
import { testSimulator } from '../../../test/support/simulator.js';
import type { SimResponse } from '../../core/types.js';
import { CHANNELS } from '../../core/types.js';
import { STAGES } from './schemas.js';

type Json = Record<string, unknown>;

/** The default accounts and keys only: no seeded contacts, tags, fields or conversations. */
function blankSeed() {
  const seed = defaultSeed();
  const accounts = seed.accounts.map(({ id, business_name, plan, addon, timezone, api_keys }) => ({ id, business_name, plan, addon, timezone, api_keys }));
  return { ...seed, accounts };
}

// ---- generators: mostly near the rules' edges, so both sides of each rule get exercised ----

const text = (max: number) => fc.string({ maxLength: max, unit: 'grapheme-ascii' });
const edge = (limit: number) => fc.constantFrom('x'.repeat(limit), 'x'.repeat(limit + 1));
/** Mostly `good`, sometimes `bad`: most requests succeed, and each rule still gets broken often. */
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 12, arbitrary: good }, { weight: 1, arbitrary: bad });
const tagName = mostly(fc.constantFrom('vip', 'b2b', 'VIP', '2024', 'a/b', 'hot lead', 'x'.repeat(50)), fc.constantFrom(' ', '', 'x'.repeat(51)));
const channel = mostly(fc.constantFrom(...CHANNELS), fc.constantFrom('email', ''));
const platformUserId = mostly(fc.constantFrom('p1', 'p2', '+15550003', 'x'.repeat(255)), fc.constantFrom('', 'x'.repeat(256)));
const clearableText = (limit: number) => mostly(fc.oneof(text(16), fc.constant('x'.repeat(limit)), fc.constant(null)), fc.constant('x'.repeat(limit + 1)));
const email = mostly(fc.oneof(fc.constantFrom('a@example.com', 'B@Example.com', '', null), fc.emailAddress()), fc.constantFrom('nope', 'a@b'));
const phone = mostly(fc.oneof(fc.stringMatching(/^[0-9+().#x-]{3,50}$/), fc.constantFrom('', null)), fc.constantFrom('+1 555', 'abc', '12', '1'.repeat(51)));
const stage = mostly(fc.constantFrom(...STAGES, ''), fc.constantFrom('won', null));
const wrongValue = fc.oneof(fc.constant({ nested: true }), fc.constantFrom('2023-02-29', '2026-1-1', 'x'.repeat(501), '42'), fc.boolean(), fc.integer());
const customFields = fc.record(
  {
    size: mostly(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)), wrongValue),
    plan: mostly(fc.oneof(text(8), fc.constant('x'.repeat(500)), fc.constant(null)), wrongValue),
    birthday: mostly(fc.constantFrom('2024-02-29', '1990-12-31', null), wrongValue),
    flag: mostly(fc.oneof(fc.boolean(), fc.constant(null)), wrongValue),
    // Archived and undefined keys: always refused.
    old: fc.constant('x'),
    ghost: fc.constant(1),
  },
  { requiredKeys: [] },
).map((values) => {
  // Keep the always-refused keys rare.
  const { old, ghost, ...rest } = values;
  return Object.keys(rest).length % 5 === 4 ? values : rest;
});

const contactFields = {
  name: clearableText(255),
  email,
  phone,
  stage,
  notes: clearableText(5000),
  custom_fields: customFields,
};
/** Now and then an unknown field, which must be refused. */
const withBogus = <T extends object>(body: fc.Arbitrary<T>) =>
  fc.tuple(body, fc.nat({ max: 14 })).map(([value, roll]) => (roll === 0 ? { ...value, bogus: 1 } : value));
const upsertBody = withBogus(
  fc.record(
    { channel, platform_user_id: platformUserId, ...contactFields, tags: fc.array(tagName, { maxLength: 3 }) },
    { requiredKeys: ['channel', 'platform_user_id'] },
  ),
);
const patchBody = withBogus(fc.record(contactFields, { requiredKeys: [] }));
const color = mostly(fc.stringMatching(/^#[0-9A-Fa-f]{6}$/), fc.constantFrom('#12345', 'red', '#GGGGGG'));
const fieldKey = fc.constantFrom('size', 'plan', 'birthday', 'flag', 'old', 'extra_1', 'extra_2');
const fieldBody = fc.record(
  {
    field_key: mostly(fc.oneof(fieldKey, fc.stringMatching(/^[a-z0-9_]{1,50}$/)), fc.constantFrom('Bad-Key', '', 'k'.repeat(51))),
    label: mostly(fc.oneof(text(10), fc.constant('x'.repeat(100))), fc.constantFrom(' ', '', 'x'.repeat(101))),
    type: mostly(fc.constantFrom('text', 'number', 'date', 'boolean'), fc.constant('json')),
  },
  { requiredKeys: ['field_key', 'label'] },
);
const fieldPatch = fc
  .tuple(fc.record({ label: mostly(text(10), edge(100)), archived: fc.boolean() }, { requiredKeys: [] }), fc.nat({ max: 9 }))
  // Now and then a permanent attribute, which must be refused.
  .map(([body, roll]) => (roll === 0 ? { ...body, type: 'text' } : roll === 1 ? { ...body, field_key: 'size' } : body));
const ref = fc.nat({ max: 20 });

const operation = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('upsert' as const), body: upsertBody }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('patch' as const), ref, body: patchBody }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('attach' as const), ref, name: tagName }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('detach' as const), ref, tag: fc.oneof(tagName, ref.map(String)) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteContact' as const), ref }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('createTag' as const), body: fc.record({ name: tagName, color }, { requiredKeys: ['name'] }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteTag' as const), ref }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('createField' as const), body: fieldBody }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('patchField' as const), ref, body: fieldPatch }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('list' as const),
      query: fc.record({ channel, stage, tag: tagName, name: text(3), email, phone }, { requiredKeys: [] }),
    }),
  },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

// ---- the harness ----

const MINE = ['contacts', 'tags', 'custom_fields', 'events'] as const;

async function setup() {
  const t = testSimulator({ seed: blankSeed() });
  const { sim, keys } = t;
  const fields = [
    { field_key: 'size', label: 'Size', type: 'number' },
    { field_key: 'plan', label: 'Plan' },
    { field_key: 'birthday', label: 'Birthday', type: 'date' },
    { field_key: 'flag', label: 'Flag', type: 'boolean' },
    { field_key: 'old', label: 'Old' },
  ];
  for (const body of fields) await sim.request({ method: 'POST', path: '/custom-fields', key: keys.full, body });
  await sim.request({ method: 'PATCH', path: '/custom-fields/5', key: keys.full, body: { archived: true } });
  const state = () => {
    const collections = sim.snapshot().store.collections;
    return JSON.stringify(MINE.map((name) => collections[name]));
  };
  const ids = { contacts: [] as number[], tags: [] as number[], fields: [1, 2, 3, 4, 5] };
  // A few contacts to start from, so the per-contact operations have targets.
  for (const [channel, platform_user_id, tags] of [['sms', 'p1', ['vip']], ['telegram', 'p2', ['b2b', 'vip']], ['facebook', 'p3', []]] as const) {
    const res = await sim.request({ method: 'POST', path: '/contacts', key: keys.full, body: { channel, platform_user_id, tags } });
    ids.contacts.push((res.body as { data: { id: number } }).data.id);
  }
  return { ...t, state, ids };
}

type Harness = Awaited<ReturnType<typeof setup>>;

/** Outcomes per operation, to prove the generators reach both sides of the rules. */
const outcomes = new Map<string, { ok: number; rejected: number }>();
function tally(op: string, res: SimResponse): void {
  const counts = outcomes.get(op) ?? { ok: 0, rejected: 0 };
  if (res.status < 400) counts.ok++;
  else counts.rejected++;
  outcomes.set(op, counts);
}

const pick = (list: readonly number[], at: number): number => (list.length === 0 || at >= 18 ? 999_999 : list[at % list.length]!);

function request(h: Harness, step: Operation): Promise<SimResponse> {
  const key = h.keys.full;
  const { sim, ids } = h;
  switch (step.op) {
    case 'upsert':
      return sim.request({ method: 'POST', path: '/contacts', key, body: step.body });
    case 'patch':
      return sim.request({ method: 'PATCH', path: `/contacts/${pick(ids.contacts, step.ref)}`, key, body: step.body });
    case 'attach':
      return sim.request({ method: 'POST', path: `/contacts/${pick(ids.contacts, step.ref)}/tags`, key, body: { name: step.name } });
    case 'detach':
      return sim.request({
        method: 'DELETE',
        path: `/contacts/${pick(ids.contacts, step.ref)}/tags/${encodeURIComponent(step.tag) || '%20'}`,
        key,
      });
    case 'deleteContact':
      return sim.request({ method: 'DELETE', path: `/contacts/${pick(ids.contacts, step.ref)}`, key });
    case 'createTag':
      return sim.request({ method: 'POST', path: '/tags', key, body: step.body });
    case 'deleteTag':
      return sim.request({ method: 'DELETE', path: `/tags/${pick(ids.tags, step.ref)}`, key });
    case 'createField':
      return sim.request({ method: 'POST', path: '/custom-fields', key, body: step.body });
    case 'patchField':
      return sim.request({ method: 'PATCH', path: `/custom-fields/${pick(ids.fields, step.ref)}`, key, body: step.body });
    case 'list': {
      const query: Record<string, string> = {};
      for (const [name, value] of Object.entries(step.query)) if (value !== null) query[name] = String(value);
      return sim.request({ path: '/contacts', key, query });
    }
  }
}

/** Runs one step and checks the envelope rules; remembers new ids for later steps. */
async function run(h: Harness, step: Operation): Promise<void> {
  const before = h.state();
  const previous = step.op === 'upsert' ? await findByIdentity(h, step.body) : undefined;
  const res = await request(h, step);
  tally(step.op, res);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(h.state(), `${step.op} answered ${res.status} but changed state`).toBe(before);
    return;
  }
  const data = (res.body as { data: Json }).data;
  if (res.status === 201 && step.op === 'upsert') h.ids.contacts.push(data['id'] as number);
  if (res.status === 201 && step.op === 'createTag') h.ids.tags.push(data['id'] as number);
  if (res.status === 201 && step.op === 'createField') h.ids.fields.push(data['id'] as number);
  if (step.op === 'deleteContact') h.ids.contacts = h.ids.contacts.filter((id) => id !== data['id']);
  // Tags sent to POST /contacts are added: every tag the contact had before is still there.
  if (previous) expect(data['tags']).toEqual(expect.arrayContaining(previous['tags'] as string[]));
}

async function findByIdentity(h: Harness, body: Json): Promise<Json | undefined> {
  if (typeof body['channel'] !== 'string' || typeof body['platform_user_id'] !== 'string') return undefined;
  const res = await h.sim.request({ path: '/contacts', key: h.keys.full, query: { channel: body['channel'], limit: '100' } });
  if (res.status !== 200) return undefined;
  return (res.body as { data: Json[] }).data.find((c) => c['platform_user_id'] === body['platform_user_id']);
}

/** Global invariants: tags exist and repeat nowhere; custom_fields hold only active keys, never null. */
async function checkInvariants(h: Harness): Promise<void> {
  const { sim, keys } = h;
  const tags = ((await sim.request({ path: '/tags', key: keys.full })).body as { data: Json[] }).data.map((t) => t['name']);
  expect(new Set(tags).size).toBe(tags.length);
  const fields = ((await sim.request({ path: '/custom-fields', key: keys.full })).body as { data: Json[] }).data;
  const active = new Set(fields.map((f) => f['field_key']));
  expect(active.size).toBeLessThanOrEqual(15);
  const contacts = ((await sim.request({ path: '/contacts', key: keys.full, query: { limit: '100' } })).body as { data: Json[] }).data;
  for (const contact of contacts) {
    const own = contact['tags'] as string[];
    expect(new Set(own).size).toBe(own.length);
    for (const name of own) expect(tags).toContain(name);
    for (const [fieldKey, value] of Object.entries(contact['custom_fields'] as Json)) {
      expect(active.has(fieldKey)).toBe(true);
      expect(value).not.toBeNull();
    }
  }
}

describe('contacts, tags and custom fields under generated input', () => {
  it('POST /contacts: any payload is a documented success or a 4xx envelope that changes nothing', async () => {
    const h = await setup();
    await fc.assert(
      fc.asyncProperty(upsertBody, async (body) => {
        await run(h, { op: 'upsert', body });
      }),
      { numRuns: 200 },
    );
    await checkInvariants(h);
  });

  it('sequences of operations keep every rule', async () => {
    const sequences = fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (steps) => {
      const h = await setup();
      for (const step of steps) await run(h, step);
      await checkInvariants(h);
    });
    await fc.assert(sequences, { numRuns: 60 });
    // And a pass with a fixed seed: the coverage check below must not hang on this run's draws
    // (a refused createTag is rare enough that 60 random runs sometimes drew none).
    await fc.assert(sequences, { numRuns: 60, seed: 20261124 });
    // The generators reach both sides of the rules (the rarer deletes are left out: too few draws).
    for (const op of ['upsert', 'patch', 'attach', 'detach', 'createTag', 'createField', 'patchField', 'list']) {
      expect(outcomes.get(op)?.ok, `${op} never succeeded`).toBeGreaterThan(0);
      expect(outcomes.get(op)?.rejected, `${op} was never refused`).toBeGreaterThan(0);
    }
  });
});
