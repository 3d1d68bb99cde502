/**
 * The two collecting hooks the overview offers (flow entries, comment trigger fires), answered by
 * a group composed here the way the flow runtime and comment triggers will answer once merged: a
 * trigger that starts a flow is counted on that flow's row, one that starts none is standalone,
 * answers for flows the account does not have are ignored, and every listener gets the window.
 */
import { describe, expect, it } from 'vitest';
import { defineGroup } from '../../groups/define.js';
import { registry } from '../index.js';
import { seedWithoutCommentAutomation } from '../../../test/support/comment-triggers.js';
import { testSimulator } from '../../../test/support/simulator.js';
import { overviewGroup } from './index.js';
import type { OverviewWindowMs } from './window.js';
import { Overview } from './schemas.js';

const NOW = '2026-03-01T10:00:00+00:00';
const seen: { accountId: number; window: OverviewWindowMs }[] = [];

const answeringGroup = defineGroup({
  name: 'overviewAnswers',
  description: 'Answers the overview hooks (a group composed by a test).',
  needs: [overviewGroup],
  model: () => ({}),
  listen: ({ on }) => {
    on.overview.flowEntries.add((accountId, window) => {
      seen.push({ accountId, window });
      return accountId === 1
        ? [
            { flow_id: 1, current: 4, previous: 2, all_time: 9 },
            { flow_id: 999_999, current: 50, previous: 50, all_time: 50 },
          ]
        : [];
    });
    on.overview.commentTriggerFires.add((accountId) =>
      accountId === 1
        ? [
            { trigger_id: 12, name: 'Giveaway', linked_flow_ids: [2], current: 3, previous: 1, all_time: 7 },
            { trigger_id: 11, name: 'Price question', linked_flow_ids: [2], current: 1, previous: 0, all_time: 1 },
            { trigger_id: 20, name: 'Standalone reply', linked_flow_ids: [], current: 5, previous: 6, all_time: 40 },
            { trigger_id: 21, name: 'Points at a deleted flow', linked_flow_ids: [999_999], current: 1, previous: 1, all_time: 2 },
          ]
        : [],
    );
  },
});

async function overviewOf(account: number) {
  // Without the seeded comment triggers: the real group answers the hook too, and this test is about the stand-in's answers.
  const { sim, accounts } = testSimulator({ clock: { frozenAt: NOW }, groups: [...registry, answeringGroup], seed: seedWithoutCommentAutomation() });
  const res = await sim.request({ path: '/analytics/overview', key: accounts[account - 1]!.keys.full! });
  expect(res.status).toBe(200);
  return Overview.parse((res.body as { data: unknown }).data);
}

describe('overview hooks', () => {
  it('puts flow entries on their flow rows and ignores flows the account does not have', async () => {
    const data = await overviewOf(1);
    // The stand-in's answer adds to the runtime's: the default seed's flow sessions (flow 1: three
    // started in the last 30 days; flow 3: one 40 days ago; flow 4: none).
    expect(data.flows.find((flow) => flow.id === 1)?.entries).toEqual({ current: 4 + 3, previous: 2, all_time: 9 + 3 });
    expect(data.flows.some((flow) => flow.id === 999_999)).toBe(false);
    expect(data.flows.find((flow) => flow.id === 3)?.entries).toEqual({ current: 0, previous: 1, all_time: 1 });
    expect(data.flows.find((flow) => flow.id === 4)?.entries).toEqual({ current: 0, previous: 0, all_time: 0 });
    const call = seen.at(-1)!;
    expect(call.accountId).toBe(1);
    expect(call.window.nowMs - call.window.currentFromMs).toBe(30 * 86_400_000);
    expect(call.window.currentFromMs - call.window.previousFromMs).toBe(30 * 86_400_000);
    expect(new Date(call.window.nowMs).toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });

  it('counts linked triggers on the flow row and lists standalone ones in comment_triggers', async () => {
    const data = await overviewOf(1);
    const flow = data.flows.find((row) => row.id === 2)!;
    expect(flow.comment_trigger_id).toBe(11);
    expect(flow.comment_trigger_fires).toEqual({ current: 4, previous: 1, all_time: 8 });
    expect(data.flows.filter((row) => row.comment_trigger_id !== undefined).map((row) => row.id)).toEqual([2]);
    expect(data.comment_triggers).toEqual([
      { id: 20, name: 'Standalone reply', fires: { current: 5, previous: 6, all_time: 40 } },
      { id: 21, name: 'Points at a deleted flow', fires: { current: 1, previous: 1, all_time: 2 } },
    ]);
  });

  it('asks for the caller’s account only', async () => {
    const data = await overviewOf(2);
    expect(data.comment_triggers).toEqual([]);
    expect(data.flows.every((flow) => flow.entries.all_time === 0)).toBe(true);
    expect(seen.at(-1)!.accountId).toBe(2);
  });
});
