import { describe, expect, it } from 'vitest';
import { defaultSeed, DEFAULT_ACCOUNTS } from '../../fixtures/default-seed.js';
import { silentLogger } from '../core/logger.js';
import { PLANS } from '../core/types.js';
import { createSimulator } from '../simulator.js';
import { createSimulatorWithCheckedSeed } from '../simulator/create.js';
import { testSimulator } from '../../test/support/simulator.js';
import { parseSeedWith, SeedError, toJsonPath } from './parse.js';
import { parseSeed, parseSeedText, SeedFile } from './default.js';

const FROZEN = { frozenAt: '2026-01-01T00:00:00+00:00' };

function minimalSeed() {
  return {
    format: 'switchboard-seed',
    version: 1,
    accounts: [
      {
        id: 10,
        business_name: 'One',
        plan: 'pro',
        addon: 'active',
        api_keys: [
          { name: 'full', scope: 'full', key: 'sbx_one_full_key' },
          { name: 'read', scope: 'read', key: 'sbx_one_read_key' },
        ],
      },
      {
        id: 20,
        business_name: 'Two',
        plan: 'free',
        addon: 'inactive',
        api_keys: [{ name: 'full', scope: 'full', key: 'sbx_two_full_key' }],
      },
    ],
  };
}

type MinimalSeed = ReturnType<typeof minimalSeed>;

function seedErrorOf(mutate: (seed: MinimalSeed) => unknown): SeedError {
  const seed = minimalSeed();
  const value = mutate(seed) ?? seed;
  try {
    parseSeed(value);
  } catch (error) {
    if (error instanceof SeedError) return error;
    throw error;
  }
  throw new Error('expected a SeedError');
}

describe('parseSeed', () => {
  it('accepts a minimal seed and fills defaults', () => {
    const parsed = parseSeed(minimalSeed());
    expect(parsed.accounts).toHaveLength(2);
    expect(parsed.accounts[0]!.timezone).toBe('UTC');
  });

  it('names the JSON path of a bad value', () => {
    const error = seedErrorOf((seed) => {
      (seed.accounts[0] as { plan: string }).plan = 'platinum';
    });
    expect(error.jsonPath).toBe('$.accounts[0].plan');
    expect(error.message).toMatch(/^\$\.accounts\[0\]\.plan: /);
  });

  it('names an unknown field', () => {
    const error = seedErrorOf((seed) => {
      (seed.accounts[1] as Record<string, unknown>)['foo'] = 1;
    });
    expect(error.jsonPath).toBe('$.accounts[1].foo');
    expect(error.message).toMatch(/unknown field/);
  });

  it('names nested paths into api_keys', () => {
    const error = seedErrorOf((seed) => {
      seed.accounts[0]!.api_keys[1]!.scope = 'root';
    });
    expect(error.jsonPath).toBe('$.accounts[0].api_keys[1].scope');
    const short = seedErrorOf((seed) => {
      seed.accounts[1]!.api_keys[0]!.key = 'short';
    });
    expect(short.jsonPath).toBe('$.accounts[1].api_keys[0].key');
  });

  it('refuses duplicate account ids and duplicate keys, naming the second', () => {
    const dupId = seedErrorOf((seed) => {
      seed.accounts[1]!.id = 10;
    });
    expect(dupId.jsonPath).toBe('$.accounts[1].id');
    expect(dupId.message).toMatch(/duplicate/);
    const dupKey = seedErrorOf((seed) => {
      seed.accounts[1]!.api_keys[0]!.key = 'sbx_one_read_key';
    });
    expect(dupKey.jsonPath).toBe('$.accounts[1].api_keys[0].key');
  });

  it('refuses a wrong format, version, or missing accounts at the top', () => {
    expect(seedErrorOf((seed) => ({ ...seed, format: 'other' })).jsonPath).toBe('$.format');
    expect(seedErrorOf((seed) => ({ ...seed, version: 2 })).jsonPath).toBe('$.version');
    expect(seedErrorOf((seed) => ({ ...seed, accounts: [] })).jsonPath).toBe('$.accounts');
    expect(seedErrorOf(() => 'not an object').jsonPath).toBe('$');
  });

  it('parseSeedText refuses invalid JSON at $', () => {
    let caught: unknown;
    try {
      parseSeedText('{');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SeedError);
    expect((caught as SeedError).jsonPath).toBe('$');
    expect(parseSeedText(JSON.stringify(minimalSeed())).accounts).toHaveLength(2);
  });

  it('createSimulator refuses a bad seed with the same path', () => {
    const seed = minimalSeed();
    (seed.accounts[0] as { plan: string }).plan = 'platinum';
    expect(() => createSimulator({ seed, logger: silentLogger })).toThrow(/\$\.accounts\[0\]\.plan/);
  });

  it('toJsonPath quotes names that are not identifiers', () => {
    expect(toJsonPath(['a', 0, 'b-c', 'd'])).toBe('$.a[0]["b-c"].d');
    expect(toJsonPath([])).toBe('$');
  });
});

describe('the default seed', () => {
  it('has one add-on active account per plan tier and one inactive account', () => {
    const seed = parseSeed(defaultSeed());
    const active = seed.accounts.filter((a) => a.addon === 'active');
    expect(active.map((a) => a.plan).sort()).toEqual([...PLANS].sort());
    expect(seed.accounts.filter((a) => a.addon === 'inactive')).toHaveLength(1);
    expect(seed.accounts.map((a) => a.id)).toEqual(DEFAULT_ACCOUNTS.map((a) => a.id));
    for (const account of seed.accounts) {
      expect(account.api_keys.map((k) => k.scope).sort()).toEqual(['admin', 'full', 'read', 'write']);
    }
  });

  it('is deterministic: two simulators have the same accounts, keys and state', () => {
    const a = createSimulator({ clock: FROZEN, logger: silentLogger });
    const b = createSimulator({ clock: FROZEN, logger: silentLogger });
    expect(a.accounts).toEqual(b.accounts);
    expect(a.snapshot()).toEqual(b.snapshot());
    expect(defaultSeed()).toEqual(defaultSeed());
    a.close();
    b.close();
  });

  it('parses to the same seed without zod\'s JIT (how createSimulator parses it) as with it', () => {
    expect(parseSeedWith(SeedFile, defaultSeed(), { jitless: true })).toStrictEqual(parseSeedWith(SeedFile, defaultSeed()));
    const broken = defaultSeed() as { accounts: Record<string, unknown>[] };
    broken.accounts[2]!['surprise'] = true;
    const errors = [{}, { jitless: true }].map((options) => {
      try {
        parseSeedWith(SeedFile, broken, options);
      } catch (error) {
        return (error as SeedError).message;
      }
      return 'parsed';
    });
    expect(errors[0]).toBe('$.accounts[2].surprise: unknown field');
    expect(errors[1]).toBe(errors[0]);
  });

  it('gives the state the default seed gives when it is passed explicitly', () => {
    const implicit = createSimulator({ clock: FROZEN, logger: silentLogger });
    const explicit = createSimulator({ clock: FROZEN, logger: silentLogger, seed: defaultSeed() });
    expect(implicit.accounts).toEqual(explicit.accounts);
    expect(implicit.snapshot()).toEqual(explicit.snapshot());
    implicit.close();
    explicit.close();
  });

  it('gives the same state from the seed parsed ahead (serve\'s bundle, cli/checked-seed.ts), through JSON, as from parsing it', () => {
    const checked = JSON.parse(JSON.stringify(parseSeed(defaultSeed()))) as unknown;
    const ahead = createSimulatorWithCheckedSeed({ clock: FROZEN, logger: silentLogger }, checked);
    const parsed = createSimulator({ clock: FROZEN, logger: silentLogger });
    expect(ahead.accounts).toEqual(parsed.accounts);
    expect(ahead.snapshot()).toEqual(parsed.snapshot());
    const keyed = createSimulatorWithCheckedSeed({ clock: FROZEN, logger: silentLogger, apiKey: 'sbx_fixed_key_123' }, checked);
    expect(keyed.accounts[0]!.keys.full).toBe('sbx_fixed_key_123');
    for (const sim of [ahead, parsed, keyed]) sim.close();
  });

  it('uses documented key shapes', () => {
    const { accounts } = testSimulator();
    expect(accounts[0]!.keys.full).toMatch(/^sbx_business_full_[0-9a-f]{16}$/);
    expect(accounts[4]!.keys.read).toMatch(/^sbx_inactive_read_[0-9a-f]{16}$/);
  });
});

describe('seeded simulators', () => {
  it('serve a custom seed: its keys work and its inactive account is refused', async () => {
    const { sim } = testSimulator({ seed: minimalSeed() });
    expect(sim.accounts.map((a) => a.id)).toEqual([10, 20]);
    const res = await sim.request({ path: '/account', key: 'sbx_one_read_key' });
    expect(res.status).toBe(200);
    expect((res.body as { data: { account: unknown } }).data.account).toEqual({ id: 10, business_name: 'One', plan: 'pro', addon: 'active' });
    expect((await sim.request({ path: '/account', key: 'sbx_two_full_key' })).status).toBe(403);
  });

  it("apiKey makes the given key the first account's full key, replacing the seed's", async () => {
    const { sim, accounts } = testSimulator({ apiKey: 'sbx_fixed_key_123' });
    const res = await sim.request({ path: '/account', key: 'sbx_fixed_key_123' });
    expect(res.status).toBe(200);
    expect((res.body as { data: { account: { id: number }; api_key: { scope: string } } }).data).toMatchObject({
      account: { id: 1 },
      api_key: { scope: 'full' },
    });
    expect(accounts[0]!.keys.full).toBe('sbx_fixed_key_123');
    const original = testSimulator().accounts[0]!.keys.full!;
    expect((await sim.request({ path: '/account', key: original })).status).toBe(401);
    // The other scopes of the account are untouched.
    expect((await sim.request({ path: '/account', key: accounts[0]!.keys.read })).status).toBe(200);
  });

  it('refuses an apiKey that is not a valid seed key', () => {
    expect(() => createSimulator({ apiKey: 'short', logger: silentLogger })).toThrow(SeedError);
  });

  it('ids of later records never collide with seeded ids', async () => {
    const { sim } = testSimulator({ seed: minimalSeed() });
    const res = await sim.request({ method: 'POST', path: '/api-keys', key: 'sbx_one_full_key', body: { name: 'n' } });
    expect(res.status).toBe(201);
    const ids = sim.snapshot().store.collections['api_keys']!.map((k) => k.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
