/**
 * Analytics are computed from the events, so they can never disagree with them: over random
 * sequences of customers triggering, answering well or badly, tapping nothing, going silent and
 * the flow being paused, the analytics summary equals what a client recounts from
 * GET /flow-events, and event ids ascend. Also the storm: 10,000 inbound messages to one flow
 * lose no event and the server still answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger.js';
import { createSimulator, type Simulator } from '../../simulator.js';

const definition = {
  trigger: { source: 'dm', keywords: ['lynx'], match_type: 'exact' },
  nodes: [
    { id: '1', type: 'trigger', config: {} },
    { id: '2', type: 'collect_input', config: { question: 'Email?', input_type: 'email', variable_name: 'email', max_retries: 1 } },
    { id: '3', type: 'action', config: { action_type: 'mark_lead' } },
    { id: '4', type: 'message', config: { text: 'Thanks' } },
  ],
  edges: [
    { from: '1', to: '2' },
    { from: '2', to: '3' },
    { from: '3', to: '4' },
  ],
};

type Json = Record<string, unknown>;

async function setup(): Promise<{ sim: Simulator; key: string; accountId: number; flowId: number }> {
  const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
  const key = sim.accounts[0]!.keys.full!;
  const created = await sim.request({ method: 'POST', path: '/flows', key, body: { name: 'Prop', definition } });
  const flowId = (created.body as { data: { id: number } }).data.id;
  await sim.request({ method: 'POST', path: `/flows/${flowId}/publish`, key, body: {} });
  return { sim, key, accountId: sim.accounts[0]!.id, flowId };
}

async function allEvents(sim: Simulator, key: string, flowId: number): Promise<Json[]> {
  const out: Json[] = [];
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = { flow_id: String(flowId), limit: '100', ...(cursor ? { starting_after: cursor } : {}) };
    const page = (await sim.request({ path: '/flow-events', key, query })).body as { data: Json[]; next_cursor: string | null };
    out.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

const step = fc.oneof(
  fc.record({ kind: fc.constant('trigger' as const), user: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant('good' as const), user: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant('bad' as const), user: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('pause' as const) }),
);

describe('flow analytics and events agree', () => {
  it('the summary recounts from GET /flow-events, ids ascend, no text leaks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { sim, key, accountId, flowId } = await setup();
        try {
          for (const s of steps) {
            if (s.kind === 'wait') sim.sandbox.clock.advance(`${s.hours}h`);
            else if (s.kind === 'pause') await sim.request({ method: 'POST', path: `/flows/${flowId}/pause`, key, body: {} });
            else {
              const text = s.kind === 'trigger' ? 'lynx' : s.kind === 'good' ? `p${s.user}@mail.test` : 'secret words';
              sim.sandbox.inbound(accountId, { channel: 'instagram', platform_user_id: `prop_${s.user}`, text, type: 'text' });
            }
          }
          const events = await allEvents(sim, key, flowId);
          const ids = events.map((event) => event['id'] as number);
          expect(ids).toEqual([...ids].sort((a, b) => a - b));
          expect(JSON.stringify(events)).not.toMatch(/mail\.test|secret words/);
          const count = (type: string) => events.filter((event) => event['type'] === type).length;
          const analytics = (await sim.request({ path: `/flows/${flowId}/analytics`, key, query: { range: 'all' } })).body as { data: Json };
          const summary = analytics.data['summary'] as Record<string, number>;
          const runs = count('session_started');
          expect(summary['runs']).toBe(runs);
          expect(summary['completed']).toBe(count('session_completed'));
          // A reactivated session ended twice; its last end counts.
          const ended = new Map<unknown, string>();
          for (const event of events) {
            if (['session_completed', 'session_expired', 'session_cancelled'].includes(event['type'] as string)) ended.set(event['session_id'], event['type'] as string);
            if (event['type'] === 'session_reactivated') ended.delete(event['session_id']);
          }
          expect(summary['expired']).toBe([...ended.values()].filter((type) => type === 'session_expired').length);
          expect(summary['cancelled']).toBe([...ended.values()].filter((type) => type === 'session_cancelled').length);
          expect(summary['active']).toBe(runs - ended.size);
          const sessions = (await sim.request({ path: '/flow-sessions', key, query: { flow_id: String(flowId), limit: '100' } })).body as { data: Json[] };
          expect(sessions.data).toHaveLength(runs);
          const lead = (analytics.data['outcomes'] as Json[]).find((outcome) => outcome['key'] === 'leads_marked')!;
          expect(lead['count']).toBe(new Set(events.filter((event) => event['type'] === 'node_entered' && event['node_key'] === '3').map((event) => event['session_id'])).size);
        } finally {
          sim.close();
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('a storm of 10,000 inbound messages to one flow loses no event; the server still answers', async () => {
    const { sim, key, accountId, flowId } = await setup();
    try {
      for (let i = 0; i < 10_000; i++) sim.sandbox.inbound(accountId, { channel: 'instagram', platform_user_id: `storm_${i % 5000}`, text: i < 5000 ? 'lynx' : `s${i}@mail.test`, type: 'text' });
      const answer = await sim.request({ path: '/flow-sessions', key, query: { flow_id: String(flowId), status: 'completed', limit: '1' } });
      expect(answer.status).toBe(200);
      const analytics = (await sim.request({ path: `/flows/${flowId}/analytics`, key })).body as { data: { summary: Record<string, number> } };
      expect(analytics.data.summary).toMatchObject({ runs: 5000, completed: 5000, active: 0 });
      // Per person: started, trigger in/out, question in, answer, outcome, out, action in/out, message in/out, completed.
      const events = await allEvents(sim, key, flowId);
      expect(events).toHaveLength(5000 * 13);
    } finally {
      sim.close();
    }
  }, 120_000);
});
