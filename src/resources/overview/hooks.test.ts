/**
 * The collecting hooks the overview offers (flow entries, comment trigger fires, automation reply ids), answered by
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
/** The message ids the stand-in names as automation replies (account 1); empty unless a test sets them. */
let automationIds: ReadonlySet<number> = new Set();
const seenReplyAsks: { accountId: number; fromMs: number }[] = [];

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
    on.overview.automationReplyIds.add((accountId, fromMs) => {
      seenReplyAsks.push({ accountId, fromMs });
      return accountId === 1 ? automationIds : new Set();
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

function simulator() {
  // Without the seeded comment triggers: the real group answers the hook too, and this test is about the stand-in's answers.
  return testSimulator({ clock: { frozenAt: NOW }, groups: [...registry, answeringGroup], seed: seedWithoutCommentAutomation() });
}

async function overviewOf(account: number) {
  const { sim, accounts } = simulator();
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

  it('moves the bot lines a group names as automation replies from replies.ai to replies.automation, and nothing else', async () => {
    const { sim, accounts } = simulator();
    const key = accounts[0]!.keys.full!;
    const threads = (await sim.request({ path: '/conversations', key, query: { limit: '100' } })).body as { data: { id: number }[] };
    const lines: { id: number; sender_type: string }[] = [];
    for (const thread of threads.data) lines.push(...((await sim.request({ path: `/conversations/${thread.id}/messages`, key, query: { limit: '100' } })).body as { data: { id: number; sender_type: string }[] }).data);
    const idOf = (senderType: string) => lines.find((line) => line.sender_type === senderType)!.id;
    const before = await overviewOf(1);
    // A bot line moves; a customer's or an agent's line named by mistake, or an unknown id, counts as before.
    automationIds = new Set([idOf('bot'), idOf('user'), idOf('agent'), 999_999]);
    try {
      const after = await overviewOf(1);
      expect(after.replies.ai.current).toBe(before.replies.ai.current - 1);
      expect(after.replies.automation.current).toBe(before.replies.automation.current + 1);
      expect(after.messages).toEqual(before.messages);
    } finally {
      automationIds = new Set();
    }
    const ask = seenReplyAsks.at(-1)!;
    expect(ask.accountId).toBe(1);
    expect(ask.fromMs).toBe(Date.parse(NOW) - 60 * 86_400_000);
  });
});
