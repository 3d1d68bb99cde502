/**
 * The `flow_sessions` seed section: the default seed's sessions in every state with their events
 * (read through the API, status agreeing with the events, analytics counting them), the same on
 * every load, and a broken session naming its JSON path.
 */
import { describe, expect, it } from 'vitest';
import { leadCapture, type Json } from '../../../test/support/flow-graphs.js';
import { silentLogger } from '../../core/logger.js';
import { SeedError } from '../../seed/parse.js';
import { createSimulator } from '../../simulator.js';

const AT = '2026-03-01T12:00:00+00:00';
const dataOf = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

function seedWith(sessions: Json[]): unknown {
  return {
    format: 'switchboard-seed',
    version: 1,
    accounts: [
      {
        id: 1,
        business_name: 'Seed Co',
        plan: 'pro',
        addon: 'active',
        api_keys: [{ name: 'k', scope: 'full', key: 'seed_co_full_key_1' }],
        conversations: [{ channel: 'instagram', platform_user_id: 'ig_1', name: 'Ana', messages: [{ sender_type: 'user', text: 'hi', ago: '1h' }] }],
        flows: [{ name: 'Lead', status: 'active', channels: ['instagram'], versions: [leadCapture('lead')] }],
        flow_sessions: sessions,
      },
    ],
  };
}

const started = [
  { type: 'session_started', node_key: '1', input_type: 'system', ago: '2h' },
  { type: 'node_entered', node_key: '1', input_type: 'system', ago: '2h' },
  { type: 'node_exited', node_key: '1', output_port: 'output_1', input_type: 'system', ago: '2h' },
  { type: 'node_entered', node_key: '2', input_type: 'system', ago: '2h' },
];
const session = (events: Json[], extra: Json = {}): Json => ({ flow: 'Lead', channel: 'instagram', platform_user_id: 'ig_1', events, ...extra });

function seedError(sessions: Json[]): SeedError {
  try {
    createSimulator({ seed: seedWith(sessions), logger: silentLogger });
  } catch (error) {
    if (error instanceof SeedError) return error;
    throw error;
  }
  throw new Error('the seed loaded');
}

describe('the flow_sessions seed section', () => {
  it('the default seed shows sessions in every state, their events, and analytics that count them', async () => {
    const sim = createSimulator({ logger: silentLogger, clock: { frozenAt: AT } });
    const key = sim.accounts[0]!.keys.full!;
    const sessions = dataOf<Json[]>(await sim.request({ path: '/flow-sessions', key, query: { limit: '100' } }));
    expect(new Set(sessions.map((row) => row.status))).toEqual(new Set(['waiting_input', 'delayed', 'completed', 'expired', 'cancelled']));
    const terminal: Record<string, string> = { session_completed: 'completed', session_expired: 'expired', session_cancelled: 'cancelled' };
    let lastId = 0;
    for (const row of sessions) {
      const events = dataOf<Json[]>(await sim.request({ path: `/flow-sessions/${row.id}/events`, key }));
      expect(events[0]!.type).toBe('session_started');
      expect(events[0]!.occurred_at).toBe(row.started_at);
      const ended = events.find((event) => terminal[event.type as string]);
      expect(ended ? terminal[ended.type as string] : row.status === 'delayed' ? 'delayed' : 'waiting_input', `session ${row.id}`).toBe(row.status);
      expect(ended?.end_reason ?? null).toBe(row.end_reason);
    }
    const all = dataOf<Json[]>(await sim.request({ path: '/flow-events', key, query: { limit: '100' } }));
    for (const event of all) {
      expect(event.id as number).toBeGreaterThan(lastId);
      lastId = event.id as number;
    }
    expect(all.map((event) => event.occurred_at)).toEqual([...all.map((event) => event.occurred_at)].sort());
    const delayed = sessions.find((row) => row.status === 'delayed')!;
    expect(Date.parse(delayed.delay_until as string)).toBeGreaterThan(Date.parse(AT));
    // Gear guide (flow 1): two completed and one waiting in the last 30 days.
    const analytics = dataOf<{ summary: Json; outcomes: Json[] }>(await sim.request({ path: '/flows/1/analytics', key }));
    expect(analytics.summary).toMatchObject({ runs: 3, completed: 2, active: 1, expired: 0, cancelled: 0 });
    expect(analytics.outcomes.find((row) => row.key === 'emails_collected')).toMatchObject({ count: 1 });
    // Every seeded session runs on: the delayed one's timer fires on the clock (its window closed by then).
    sim.sandbox.clock.advance('3d');
    const after = dataOf<Json>(await sim.request({ path: `/flow-sessions/${delayed.id}`, key }));
    expect(after.status).toBe('expired');
    sim.close();
  });

  it('counts seeded button taps by their button: each postback button’s clicks equal the selections of its port', async () => {
    const sim = createSimulator({ logger: silentLogger, clock: { frozenAt: AT } });
    let tapped = 0;
    for (const account of sim.accounts) {
      const headers = { 'x-service-api-key': account.keys.full! };
      const listed = await sim.handle({ method: 'GET', path: '/api/v1/flows', query: { limit: '100' }, headers });
      if (listed.status !== 200) continue; // a plan or add-on without flows
      const flows = dataOf<Json[]>(listed);
      for (const flow of flows.filter((f) => f['published_version'] !== null)) {
        const analytics = dataOf<{ per_node: Json[]; branches: Json[] }>(await sim.handle({ method: 'GET', path: `/api/v1/flows/${flow['id']}/analytics`, query: { range: 'all' }, headers }));
        const single = dataOf<{ definition: { nodes: { id: string; type: string; config: { buttons?: { type: string; title: string }[] } }[] } }>(
          await sim.handle({ method: 'GET', path: `/api/v1/flows/${flow['id']}`, query: {}, headers }),
        );
        for (const row of analytics.per_node) {
          const node = single.definition.nodes.find((n) => n.id === row['node_id']);
          const postbacks = (node?.type === 'message' ? node.config.buttons ?? [] : []).filter((b) => b.type === 'postback');
          postbacks.forEach((button, index) => {
            const selected = analytics.branches.find((b) => b['node_id'] === node!.id && b['output_port'] === `output_${index + 1}`)?.['selected'] ?? 0;
            const clicks = (row['buttons'] as Record<string, { clicks: number }>)[button.title]?.clicks;
            expect(clicks, `flow ${flow['id']} node ${node!.id} ${button.title}`).toBe(selected);
            tapped += Number(selected);
          });
        }
      }
    }
    expect(tapped).toBeGreaterThan(0);
    sim.close();
  });

  it('seeds flow counters that are the seeded sessions (entries and completions)', async () => {
    const sim = createSimulator({ logger: silentLogger, clock: { frozenAt: AT } });
    for (const account of sim.accounts) {
      const headers = { 'x-service-api-key': account.keys.full! };
      const listed = await sim.handle({ method: 'GET', path: '/api/v1/flows', query: { limit: '100' }, headers });
      if (listed.status !== 200) continue;
      for (const flow of dataOf<Json[]>(listed)) {
        const sessions = dataOf<Json[]>(await sim.handle({ method: 'GET', path: '/api/v1/flow-sessions', query: { flow_id: String(flow['id']), limit: '100' }, headers }));
        const stats = flow['stats'] as { entries: number; completions: number };
        expect(stats.entries, String(flow['name'])).toBe(sessions.length);
        expect(stats.completions, String(flow['name'])).toBe(sessions.filter((s) => s['status'] === 'completed').length);
      }
    }
    sim.close();
  });

  it('loads the same sessions and events on every start', async () => {
    const read = async () => {
      const sim = createSimulator({ logger: silentLogger, clock: { frozenAt: AT } });
      const key = sim.accounts[0]!.keys.full!;
      const out = [dataOf(await sim.request({ path: '/flow-sessions', key })), dataOf(await sim.request({ path: '/flow-events', key, query: { limit: '100' } }))];
      sim.close();
      return out;
    };
    expect(await read()).toEqual(await read());
  });

  it('reads status, current node and the outcome from the events', async () => {
    const sim = createSimulator({
      seed: seedWith([session([...started, { type: 'input_received', node_key: '2', input_type: 'text', ago: '1h' }, { type: 'outcome_achieved', node_key: '2', ago: '1h' }, { type: 'node_exited', node_key: '2', output_port: 'output_1', input_type: 'text', ago: '1h' }, { type: 'node_entered', node_key: '3', ago: '1h' }, { type: 'session_cancelled', node_key: '3', end_reason: 'opted_out', ago: '1h' }])]),
      logger: silentLogger,
    });
    const key = 'seed_co_full_key_1';
    expect(dataOf(await sim.request({ path: '/flow-sessions/1', key }))).toMatchObject({ status: 'cancelled', end_reason: 'opted_out', current_node_id: '3', flow_version: 1 });
    const analytics = dataOf<{ outcomes: Json[]; summary: Json }>(await sim.request({ path: '/flows/1/analytics', key }));
    expect(analytics.summary).toMatchObject({ runs: 1, cancelled: 1 });
    expect(analytics.outcomes.find((row) => row.key === 'emails_collected')).toMatchObject({ count: 1 });
    sim.close();
  });

  it('does what the run did, at its events’ times: the flow’s tag, the typed email, mark_lead, counters and the Automation lines as replies', async () => {
    const run = (extra: Json = {}) => ({
      ...session([
        ...started,
        { type: 'input_received', node_key: '2', input_type: 'text', ago: '1h' },
        { type: 'outcome_achieved', node_key: '2', ago: '1h' },
        { type: 'node_exited', node_key: '2', output_port: 'output_1', input_type: 'text', ago: '1h' },
        { type: 'node_entered', node_key: '3', ago: '1h' },
        { type: 'outcome_achieved', node_key: '3', ago: '1h' },
        { type: 'node_exited', node_key: '3', output_port: 'output_1', ago: '1h' },
        { type: 'node_entered', node_key: '4', ago: '1h' },
        { type: 'node_exited', node_key: '4', output_port: 'output_1', ago: '1h' },
        { type: 'session_completed', node_key: '4', end_reason: 'completed', ago: '1h' },
      ]),
      ...extra,
    });
    const seed = (sessions: Json[]) => {
      const base = seedWith(sessions) as { accounts: Json[] };
      const account = base.accounts[0]!;
      account['conversations'] = [{
        channel: 'instagram', platform_user_id: 'ig_1', name: 'Ana',
        messages: [
          { sender_type: 'user', text: 'lead', ago: '2h' },
          { sender_type: 'bot', sender_name: 'Automation', text: 'Your email?', ago: '2h' },
          { sender_type: 'user', text: 'Ana@Mail.test', ago: '1h' },
          { sender_type: 'bot', sender_name: 'Automation', text: 'Thanks, we will write to ana@mail.test.', ago: '1h' },
        ],
      }];
      account['tags'] = [{ name: 'leads' }];
      (account['flows'] as Json[])[0]!['tag'] = 'leads';
      return base;
    };
    const read = async (sessions: Json[]) => {
      const sim = createSimulator({ seed: seed(sessions), logger: silentLogger, clock: { frozenAt: AT } });
      const key = 'seed_co_full_key_1';
      const out = {
        contact: dataOf<Json>(await sim.request({ path: '/contacts/1', key })),
        flow: dataOf<Json>(await sim.request({ path: '/flows/1', key })),
        replies: dataOf<{ replies: Json }>(await sim.request({ path: '/analytics/overview', key })).replies,
      };
      sim.close();
      return out;
    };
    const done = await read([run()]);
    expect(done.contact).toMatchObject({ email: 'ana@mail.test', stage: 'qualified', tags: ['leads'], updated_at: '2026-03-01T11:00:00+00:00' });
    expect(done.flow['stats']).toEqual({ entries: 1, completions: 1, completion_rate: 100 });
    expect(done.replies).toMatchObject({ automation: { current: 2 }, ai: { current: 0 } });
    // A pulled seed's session (it has an id) is a snapshot: its contact and counters already hold what it did.
    const pulled = await read([run({ id: 1 })]);
    expect(pulled.contact).toMatchObject({ email: null, stage: 'new', tags: [] });
    expect(pulled.flow['stats']).toMatchObject({ entries: 0, completions: 0 });
    expect(pulled.replies).toMatchObject({ automation: { current: 2 } });
  });

  it.each([
    ['an unknown flow', [{ ...session(started), flow: 'Nope' }], '$.accounts[0].flow_sessions[0].flow'],
    ['a conversation the seed does not have', [{ ...session(started), platform_user_id: 'ig_2' }], '$.accounts[0].flow_sessions[0].platform_user_id'],
    ['a channel the version does not run on', [{ ...session(started), channel: 'facebook' }], '$.accounts[0].flow_sessions[0].channel'],
    ['a node the version does not have', [session([...started, { type: 'node_entered', node_key: '9', ago: '1h' }])], '$.accounts[0].flow_sessions[0].events[4].node_key'],
    ['a node type that is not the node’s', [session([...started, { type: 'node_entered', node_key: '3', node_type: 'message', ago: '1h' }])], '$.accounts[0].flow_sessions[0].events[4].node_type'],
    ['events out of order', [session([...started, { type: 'node_exited', node_key: '2', ago: '3h' }])], '$.accounts[0].flow_sessions[0].events[4].ago'],
    ['events that do not start with session_started', [session(started.slice(1))], '$.accounts[0].flow_sessions[0].events'],
    ['an event after the end', [session([...started, { type: 'session_expired', node_key: '2', end_reason: 'inactive', ago: '1h' }, { type: 'node_entered', node_key: '3', ago: '1h' }])], '$.accounts[0].flow_sessions[0].events[5].type'],
    ['an end without its reason', [session([...started, { type: 'session_expired', node_key: '2', ago: '1h' }])], '$.accounts[0].flow_sessions[0].events[4].end_reason'],
    ['a delay on an ended session', [session([...started, { type: 'session_expired', node_key: '2', end_reason: 'inactive', ago: '1h' }], { delay_until_in: '1h' })], '$.accounts[0].flow_sessions[0].delay_until_in'],
    ['a delay at a node that is not one', [session(started, { delay_until_in: '1h' })], '$.accounts[0].flow_sessions[0].delay_until_in'],
  ])('refuses %s, naming the path', (_label, sessions, path) => {
    expect(seedError(sessions as Json[]).jsonPath).toBe(path);
  });
});
