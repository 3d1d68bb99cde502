/**
 * A lenient seed load (`createSimulator`'s `onSeedRecordRefused`) and what `seed pull --limit` does
 * with it (`dropUnloadable`): every record a model refuses is skipped and reported, records that
 * needed it are refused in the same pass, and the seed that results is the one the strict load
 * (`serve --seed`) accepts. It used to take one whole load per dropped record.
 */
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../fixtures/default-seed.js';
import { silentLogger } from '../src/core/logger.js';
import { assertSeedLoads, dropUnloadable, loadLeniently, type LenientLoad } from '../src/pull/loadable.js';
import { SeedError } from '../src/seed/parse.js';
import { createSimulator } from '../src/simulator.js';

type Json = Record<string, unknown>;
interface SeedFile {
  accounts: Json[];
}

const CUT = 'ig_seed_101';

/** The default seed without the conversation `CUT` (as a --limit cut would leave it), plus `extra` appointments naming it. */
function seedMissingConversation(extra = 0): SeedFile {
  const seed = defaultSeed() as unknown as SeedFile;
  const account = seed.accounts[0]!;
  const conversations = account['conversations'] as Json[];
  const appointments = account['appointments'] as Json[];
  const naming = appointments.find((appointment) => (appointment['conversation'] as Json | undefined)?.['platform_user_id'] === CUT)!;
  for (let k = 0; k < extra; k++) appointments.push({ ...structuredClone(naming), in_days: -1 - (k % 60), status: 'completed' });
  account['conversations'] = conversations.filter((conversation) => conversation['platform_user_id'] !== CUT);
  return seed;
}

/** What `dropUnloadable` did before: one strict load per dropped record. The reference result. */
function dropOneAtATime(seed: SeedFile): string[] {
  const dropped: string[] = [];
  for (;;) {
    try {
      assertSeedLoads(seed);
      return dropped;
    } catch (error) {
      const match = error instanceof SeedError ? /^\$\.accounts\[(\d+)\]\.(\w+)\[(\d+)\]/.exec(error.jsonPath) : null;
      if (!match) throw error;
      (seed.accounts[Number(match[1])]![match[2]!] as unknown[]).splice(Number(match[3]), 1);
      dropped.push(match[0]);
    }
  }
}

function counting(load: LenientLoad = loadLeniently): { load: LenientLoad; passes: () => number } {
  let passes = 0;
  return {
    load: (seed) => {
      passes++;
      return load(seed);
    },
    passes: () => passes,
  };
}

describe('a lenient seed load', () => {
  it('skips and reports every record a model refuses, and serves the rest', async () => {
    const seed = seedMissingConversation();
    const strict = (() => {
      try {
        assertSeedLoads(structuredClone(seed));
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(strict).toBeInstanceOf(SeedError);

    const refused: SeedError[] = [];
    const sim = createSimulator({ seed, logger: silentLogger, onSeedRecordRefused: (error) => refused.push(error) });
    try {
      expect(refused.map((error) => error.jsonPath)).toEqual(['$.accounts[0].appointments[0].conversation', '$.accounts[0].flow_sessions[3].platform_user_id']);
      expect(refused[0]!.message).toContain(`No seeded instagram conversation with ${CUT}`);
      // The strict load stops at the first of them.
      expect((strict as SeedError).jsonPath).toBe(refused[0]!.jsonPath);
      const key = sim.accounts[0]!.keys.full!;
      const all = defaultSeed() as unknown as SeedFile;
      const listed = await sim.request({ path: '/appointments?limit=100', key });
      expect(listed.status).toBe(200);
      expect((listed.body as { data: unknown[] }).data).toHaveLength((all.accounts[0]!['appointments'] as unknown[]).length - 1);
    } finally {
      sim.close();
    }
  });

  it('refuses a record that needs a refused one in the same pass', () => {
    const seed = defaultSeed() as unknown as SeedFile;
    const account = seed.accounts[0]!;
    const flows = account['flows'] as Json[];
    const sessions = account['flow_sessions'] as Json[];
    const flowName = sessions[0]!['flow'] as string;
    const flow = flows.find((entry) => entry['name'] === flowName)!;
    flow['tag'] = 'no-such-tag';
    const refused = loadLeniently(seed).map((error) => error.jsonPath);
    const flowPath = `$.accounts[0].flows[${flows.indexOf(flow)}].tag`;
    expect(refused).toContain(flowPath);
    const sessionPaths = sessions.flatMap((session, index) => (session['flow'] === flowName ? [`$.accounts[0].flow_sessions[${index}]`] : []));
    expect(sessionPaths.length).toBeGreaterThan(0);
    for (const path of sessionPaths) expect(refused.some((refusal) => refusal.startsWith(path))).toBe(true);
  });

  it('names a refused record where the file has it, though appointments load oldest first', () => {
    const seed = defaultSeed() as unknown as SeedFile;
    const account = seed.accounts[0]!;
    const appointments = account['appointments'] as Json[];
    const dangling = { ...structuredClone(appointments[0]!), created_ago: '400d', conversation: { channel: 'instagram', platform_user_id: 'ig_nobody' } };
    appointments.push(dangling); // last in the file, first to load (the oldest)
    const position = appointments.length - 1;
    expect(loadLeniently(structuredClone(seed)).map((error) => error.jsonPath)).toEqual([`$.accounts[0].appointments[${position}].conversation`]);
    expect(() => assertSeedLoads(seed)).toThrow(`$.accounts[0].appointments[${position}].conversation`);
    expect(dropUnloadable(seed).map((entry) => entry.path)).toEqual([`$.accounts[0].appointments[${position}]`]);
    expect(seed.accounts[0]!['appointments']).not.toContain(dangling);
  });

  it('leaves a seed that loads strictly exactly as the strict load does', async () => {
    const refused: SeedError[] = [];
    // One instant for both: a seed's records are placed relative to the load time.
    const clock = { frozenAt: '2026-03-02T09:30:00Z' };
    const lenient = createSimulator({ seed: defaultSeed(), clock, logger: silentLogger, onSeedRecordRefused: (error) => refused.push(error) });
    const strict = createSimulator({ seed: defaultSeed(), clock, logger: silentLogger });
    try {
      expect(refused).toEqual([]);
      const state = (sim: typeof strict) => JSON.stringify(sim.sandbox.snapshot().store);
      expect(state(lenient)).toBe(state(strict));
    } finally {
      lenient.close();
      strict.close();
    }
  });
});

describe('dropUnloadable (seed pull --limit)', () => {
  it('drops every record a cut orphaned in two loads, whatever their number, and the result is what one-at-a-time dropping gives', () => {
    const seed = seedMissingConversation(40);
    const reference = structuredClone(seed);
    const loads = counting();
    const dropped = dropUnloadable(seed, 10_000, loads.load);
    expect(loads.passes()).toBe(2);
    expect(dropped).toHaveLength(42);
    expect(dropped.every((entry) => entry.reason.includes(`No seeded instagram conversation with ${CUT}`))).toBe(true);
    expect(dropOneAtATime(reference)).toHaveLength(42);
    expect(seed).toEqual(reference);
    expect(() => assertSeedLoads(seed)).not.toThrow();
  });

  it('names each dropped record by its place in the file as pulled', () => {
    const seed = seedMissingConversation(2);
    const appointments = seed.accounts[0]!['appointments'] as Json[];
    const naming = appointments.flatMap((appointment, index) => ((appointment['conversation'] as Json | undefined)?.['platform_user_id'] === CUT ? [index] : []));
    const dropped = dropUnloadable(seed).map((entry) => entry.path);
    for (const index of naming) expect(dropped).toContain(`$.accounts[0].appointments[${index}]`);
  });

  it('goes on passing while a pass still refuses something', () => {
    const seed = seedMissingConversation();
    // A load that refuses one record per pass, as a model that saw only one problem would.
    const loads = counting((input) => loadLeniently(input).slice(0, 1));
    const dropped = dropUnloadable(seed, 10_000, loads.load);
    expect(dropped).toHaveLength(2);
    expect(loads.passes()).toBe(3);
  });

  it('refuses to drop more than maxDrops records, and rethrows what no drop can fix', () => {
    expect(() => dropUnloadable(seedMissingConversation(5), 3)).toThrow(SeedError);
    const broken = defaultSeed() as unknown as SeedFile;
    broken.accounts[0]!['plan'] = 'platinum';
    expect(() => dropUnloadable(broken)).toThrow(/plan/);
  });
});
