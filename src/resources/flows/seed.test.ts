/**
 * The `flows` seed section (docs/fixtures.md): flows with versions, a draft, status and stats,
 * validated as the API would; a broken one names its JSON path and nothing starts.
 */
import { describe, expect, it } from 'vitest';
import { leadCapture, type Json } from '../../../test/support/flow-graphs.js';
import { silentLogger } from '../../core/logger.js';
import { SeedError } from '../../seed/parse.js';
import { createSimulator } from '../../simulator.js';

function seedWith(flows: Json[], plan = 'free'): unknown {
  return {
    format: 'switchboard-seed',
    version: 1,
    accounts: [
      {
        id: 1,
        business_name: 'Seed Co',
        plan,
        addon: 'active',
        api_keys: [{ name: 'k', scope: 'full', key: 'seed_co_full_key_1' }],
        tags: [{ name: 'vip' }],
        flows,
      },
    ],
  };
}

function seedError(flows: Json[], plan?: string): SeedError {
  try {
    createSimulator({ seed: seedWith(flows, plan), logger: silentLogger });
  } catch (error) {
    if (error instanceof SeedError) return error;
    throw error;
  }
  throw new Error('the seed loaded');
}

describe('the flows seed section', () => {
  it('loads versions, a draft, status, tag and stats as stored state, with no events', async () => {
    const changed = leadCapture('hi');
    changed.nodes[3] = { id: '4', type: 'message', config: { text: 'v2 {email}' } };
    const sim = createSimulator({
      seed: seedWith([{ name: 'Hi', status: 'active', tag: 'vip', versions: [leadCapture('hi'), leadCapture('hello')], draft: changed, stats: { entries: 4, completions: 1 } }]),
      logger: silentLogger,
    });
    const response = await sim.request({ path: '/flows/1', key: 'seed_co_full_key_1' });
    expect((response.body as { data: Json }).data).toMatchObject({
      status: 'active',
      version: 3,
      published_version: 2,
      has_draft: true,
      tag_id: 1,
      stats: { entries: 4, completions: 1, completion_rate: 25 },
    });
    expect(sim.sandbox.flows.versions(1, 1).map((v) => v.version)).toEqual([1, 2]);
    expect(sim.sandbox.events(1)).toEqual([]);
  });

  it.each([
    ['an invalid definition', [{ name: 'x', status: 'draft', draft: { ...leadCapture('a'), nodes: [leadCapture('a').nodes[0], { id: '2', type: 'collect_input', config: {} }] } }], '$.accounts[0].flows[0].draft.nodes[1].config.question'],
    ['an active flow without a version', [{ name: 'x', status: 'active', draft: leadCapture('a') }], '$.accounts[0].flows[0].status'],
    ['a draft flow with a version', [{ name: 'x', status: 'draft', versions: [leadCapture('a')] }], '$.accounts[0].flows[0].status'],
    ['an unknown tag', [{ name: 'x', status: 'draft', tag: 'gold', draft: leadCapture('a') }], '$.accounts[0].flows[0].tag'],
    ['more active flows than the plan allows', [{ name: 'a', status: 'active', versions: [leadCapture('a')] }, { name: 'b', status: 'active', versions: [leadCapture('b')] }], '$.accounts[0].flows[1].status'],
    ['more flows than the plan allows', ['a', 'b', 'c', 'd'].map((k) => ({ name: k, status: 'draft', draft: leadCapture(k) })), '$.accounts[0].flows[3]'],
    ['completions above entries', [{ name: 'x', status: 'draft', draft: leadCapture('a'), stats: { entries: 1, completions: 2 } }], '$.accounts[0].flows[0].stats.completions'],
  ])('refuses %s, naming the path', (_label, flows, path) => {
    expect(seedError(flows as Json[]).jsonPath).toBe(path);
  });

  it('refuses two active flows sharing a keyword', () => {
    const error = seedError([{ name: 'a', status: 'active', versions: [leadCapture('same')] }, { name: 'b', status: 'active', versions: [leadCapture('same')] }], 'pro');
    expect(error.jsonPath).toBe('$.accounts[0].flows[1].versions[0].trigger.keywords');
  });
});
