/**
 * Analytics add up per-day tallies (tally.ts) and read single runs only where a window boundary
 * cuts a day: runs of the same day on either side of the 7-day boundary count on their own side,
 * and a reactivated run counts once, in its final state. Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

const definition = {
  trigger: { source: 'dm', keywords: ['tallyho'], match_type: 'exact' },
  nodes: [
    { id: '1', type: 'trigger', config: {} },
    { id: '2', type: 'collect_input', config: { question: 'Your email?', input_type: 'email', variable_name: 'email' } },
    { id: '3', type: 'message', config: { text: 'Thanks!' } },
  ],
  edges: [
    { from: '1', to: '2' },
    { from: '2', to: '3' },
  ],
};

describeRuntimes(
  'flow analytics over day tallies',
  (api) => {
    const key = () => api().keys.full!;
    const dm = (user: string, text: string) => api().call({ method: 'POST', path: '/_sandbox/inbound', key: key(), body: { channel: 'instagram', platform_user_id: user, text } });
    const analytics = async (flowId: number, range: string) => data(await api().call({ path: `/flows/${flowId}/analytics`, key: key(), query: { range } })) as { summary: Json; comparison: Json | null; lifetime: Json };

    it('splits one day’s runs at the window boundary, and counts a reactivated run once in its final state', async () => {
      const created = await api().call({ method: 'POST', path: '/flows', key: key(), body: { name: 'Tally', definition, channels: ['instagram'] } });
      const flowId = data(created)['id'] as number;
      expect((await api().call({ method: 'POST', path: `/flows/${flowId}/publish`, key: key(), body: {} })).status).toBe(200);
      // 01:00 and 13:00 of the same UTC day.
      await dm('tally_a', 'tallyho');
      await dm('tally_a', 'a@tally.test');
      api().sim.sandbox.clock.advance('12h');
      await dm('tally_b', 'tallyho');
      // B waits silently: its window closes, it expires; writing again within 7 days reactivates and completes it.
      api().sim.sandbox.clock.advance('25h');
      expect((await analytics(flowId, 'all')).summary).toMatchObject({ runs: 2, completed: 1, expired: 1, active: 0 });
      await dm('tally_b', 'b@tally.test');
      expect((await analytics(flowId, 'all')).summary).toMatchObject({ runs: 2, completed: 2, expired: 0, active: 0, completion_rate: 100 });
      // Now = day 1 14:00 + 5d17h = day 7 07:00: the 7-day window starts at day 0 07:00, between A (01:00) and B (13:00).
      api().sim.sandbox.clock.advance('5d17h');
      const week = await analytics(flowId, '7d');
      expect(week.summary).toMatchObject({ runs: 1, completed: 1 });
      expect(week.comparison).toMatchObject({ previous_runs: 1, previous_completion_rate: 100 });
      expect(week.lifetime).toMatchObject({ runs: 2, completed: 2 });
    });

    it('reads durations from the whole-second timestamps the API shows: 0.6 s across a second boundary is 1 s (audit 15b A1)', async () => {
      const created = await api().call({ method: 'POST', path: '/flows', key: key(), body: { name: 'Seconds', definition, channels: ['instagram'] } });
      const flowId = data(created)['id'] as number;
      expect((await api().call({ method: 'POST', path: `/flows/${flowId}/publish`, key: key(), body: {} })).status).toBe(200);
      api().sim.sandbox.clock.freeze(Date.parse('2026-03-01T01:00:00.700Z'));
      await dm('tally_s', 'tallyho');
      api().sim.sandbox.clock.advance(600);
      await dm('tally_s', 's@tally.test');
      const sessions = data(await api().call({ path: '/flow-sessions', key: key(), query: { flow_id: String(flowId) } })) as unknown as Json[];
      const events = data(await api().call({ path: `/flow-sessions/${String(sessions[0]!['id'])}/events`, key: key() })) as unknown as Json[];
      const at = (type: string) => Date.parse(String(events.find((event) => event['type'] === type)!['occurred_at']));
      const shown = (at('session_completed') - at('session_started')) / 1000;
      expect(shown).toBe(1);
      const read = data(await api().call({ path: `/flows/${flowId}/analytics`, key: key(), query: { range: 'all' } })) as { summary: Json; outcomes: Json[] };
      expect(read.summary['median_completed_seconds']).toBe(shown);
      expect(read.outcomes.find((outcome) => outcome['key'] === 'emails_collected')).toMatchObject({ count: 1, median_seconds: 1 });
    });
  },
  { clock: { frozenAt: '2026-03-01T01:00:00Z' } },
);
