/**
 * The engine end to end through the public surface: a published flow runs on an inbound DM, the
 * bot's reply lands in the transcript, the session waits, answers are checked and stored, events
 * record each step without text, and the 3.4 transitions (delay, timeout, expiry, cancellation,
 * reactivation) hold. Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, errorOf, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

const trigger = { id: '1', type: 'trigger', config: {} };

describeRuntimes('the flow runtime', (api) => {
  const key = () => api().keys.full!;
  const get = (path: string, query: Record<string, string | number> = {}) =>
    api().call({ path, key: key(), query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  const post = (path: string, body: Json) => api().call({ method: 'POST', path, key: key(), body });
  const publish = async (definition: Json, extra: Json = {}) => {
    const created = await post('/flows', { name: `Runtime ${Math.random().toString(36).slice(2, 8)}`, definition, channels: ['instagram', 'facebook', 'whatsapp'], ...extra });
    expect(created.status).toBe(201);
    const id = data(created)['id'] as number;
    expect((await post(`/flows/${id}/publish`, {})).status).toBe(200);
    return id;
  };
  const dm = async (text: string, user = 'rt_user_1', channel = 'instagram') => {
    const response = await post('/_sandbox/inbound', { channel, platform_user_id: user, text });
    expect(response.status).toBe(200);
    return data(response) as { contact_id: number; conversation: { id: number } };
  };
  const sessionsOf = async (flowId: number) => list(await get('/flow-sessions', { flow_id: flowId }));
  const eventsOf = async (sessionId: unknown) => list(await get(`/flow-sessions/${sessionId}/events`));
  const transcript = async (conversationId: number) => list(await get(`/conversations/${conversationId}/messages`, { limit: 100 })).reverse();

  const signup = (keyword: string) => ({
    trigger: { source: 'dm', keywords: [keyword], match_type: 'contains' },
    nodes: [
      trigger,
      { id: '2', type: 'collect_input', config: { question: 'Hi {first_name}, your email?', input_type: 'email', variable_name: 'email', max_retries: 1, retry_message: 'That is not an email.' } },
      { id: '3', type: 'action', config: { action_type: 'tag_conversation', tag_value: 'newsletter' } },
      { id: '4', type: 'message', config: { text: 'Thanks, we will write to {email}.' } },
    ],
    edges: [
      { from: '1', to: '2' },
      { from: '2', to: '3' },
      { from: '3', to: '4' },
    ],
  });

  it('a keyword DM starts a session; the question is an automation reply; the answer is stored; the session completes', async () => {
    const flowId = await publish(signup('zebra'));
    const first = await dm('I want the ZEBRA offer');
    const [session] = await sessionsOf(flowId);
    expect(session).toMatchObject({ flow_id: flowId, flow_version: 1, channel: 'instagram', contact_id: first.contact_id, status: 'waiting_input', current_node_id: '2', end_reason: null, attribution: { post_id: null, comment_id: null, matched_keyword: 'zebra' } });
    expect(session!['window_expires_at']).not.toBeNull();
    const lines = await transcript(first.conversation.id);
    expect(lines.at(-1)).toMatchObject({ sender_type: 'bot', direction: 'outbound', text: 'Hi , your email?' });

    await dm('not an email');
    expect((await transcript(first.conversation.id)).at(-1)).toMatchObject({ sender_type: 'bot', text: 'That is not an email.' });
    await dm('Ann@Example.test');
    const done = data(await get(`/flow-sessions/${session!['id']}`));
    expect(done).toMatchObject({ status: 'completed', end_reason: 'completed', current_node_id: '4' });
    expect((await transcript(first.conversation.id)).at(-1)).toMatchObject({ text: 'Thanks, we will write to ann@example.test.' });
    const contact = data(await get(`/contacts/${first.contact_id}`));
    expect(contact['email']).toBe('ann@example.test');
    expect(contact['tags']).toContain('newsletter');

    const events = await eventsOf(session!['id']);
    expect(events.map((event) => event['type'])).toEqual([
      'session_started', 'node_entered', 'node_exited', 'node_entered', 'input_received', 'input_received',
      'outcome_achieved', 'node_exited', 'node_entered', 'node_exited', 'node_entered', 'node_exited', 'session_completed',
    ]);
    const ids = events.map((event) => event['id'] as number);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const wire = JSON.stringify(events);
    expect(wire).not.toContain('example.test');
    expect(wire).not.toContain('not an email');
    expect(JSON.stringify(done)).not.toContain('example.test');
    const flow = data(await get(`/flows/${flowId}`));
    expect(flow['stats']).toMatchObject({ entries: 1, completions: 1 });
  });

  it('retries exhausted leave by output_2; a second trigger while in session starts nothing', async () => {
    const flowId = await publish({
      ...signup('yak'),
      nodes: [...signup('yak').nodes, { id: '5', type: 'message', config: { text: 'No worries.' } }],
      edges: [...signup('yak').edges, { from: '2', from_port: 'output_2', to: '5' }],
    });
    const first = await dm('yak');
    await dm('yak please');
    expect(await sessionsOf(flowId)).toHaveLength(1);
    await dm('still no');
    const [session] = await sessionsOf(flowId);
    expect(session).toMatchObject({ status: 'completed', current_node_id: '5' });
    expect((await transcript(first.conversation.id)).at(-1)).toMatchObject({ text: 'No worries.' });
    await dm('yak again');
    expect(await sessionsOf(flowId)).toHaveLength(2);
  });

  it('buttons: a tap takes its port; no tap within timeout_minutes takes output_timeout; delays wait on the clock', async () => {
    const flowId = await publish({
      trigger: { source: 'dm', keywords: ['menu'], match_type: 'exact' },
      nodes: [
        trigger,
        { id: '2', type: 'message', config: { text: 'Pick one', buttons: [{ type: 'postback', title: 'Prices' }, { type: 'postback', title: 'Hours' }], timeout_minutes: 30 } },
        { id: '3', type: 'delay', config: { duration: 10, unit: 'minutes' } },
        { id: '4', type: 'message', config: { text: 'Prices are low.' } },
        { id: '5', type: 'message', config: { text: 'Still there?' } },
      ],
      edges: [
        { from: '1', to: '2' },
        { from: '2', from_port: 'output_1', to: '3' },
        { from: '3', to: '4' },
        { from: '2', from_port: 'output_timeout', to: '5' },
      ],
    });
    await dm('menu', 'tapper');
    const [session] = await sessionsOf(flowId);
    const tapped = await post(`/_sandbox/flow-sessions/${session!['id']}/tap`, { button: 1 });
    expect(tapped.status).toBe(200);
    expect(data(tapped)).toMatchObject({ status: 'delayed', current_node_id: '3' });
    expect(data(tapped)['delay_until']).not.toBeNull();
    api().sim.sandbox.clock.advance('11m');
    expect(data(await get(`/flow-sessions/${session!['id']}`))).toMatchObject({ status: 'completed', current_node_id: '4', delay_until: null });
    const branch = list(await get('/flow-events', { flow_session: session!['id'] as number, type: 'input_received' }));
    expect(branch).toEqual([expect.objectContaining({ input_type: 'button', node_key: '2' })]);

    await dm('menu', 'idler');
    const [idle] = await sessionsOf(flowId);
    api().sim.sandbox.clock.advance('31m');
    expect(data(await get(`/flow-sessions/${idle!['id']}`))).toMatchObject({ status: 'completed', current_node_id: '5' });
    const exits = list(await get('/flow-events', { flow_session: idle!['id'] as number, type: 'node_exited', node_key: '2' }));
    expect(exits[0]).toMatchObject({ output_port: 'output_timeout', input_type: 'system' });
  });

  it('a message without postback buttons goes straight on, by output_1 or by output_timeout when only that leads on', async () => {
    const flowId = await publish({
      trigger: { source: 'dm', keywords: ['hello there'], match_type: 'exact' },
      nodes: [trigger, { id: '2', type: 'message', config: { text: 'Hi!' } }, { id: '3', type: 'message', config: { text: 'Glad you wrote.' } }],
      edges: [
        { from: '1', to: '2' },
        { from: '2', from_port: 'output_timeout', to: '3' },
      ],
    });
    const started = await dm('hello there', 'plain_msg');
    const [session] = await sessionsOf(flowId);
    expect(session).toMatchObject({ status: 'completed', current_node_id: '3' });
    const exits = list(await get('/flow-events', { flow_session: session!['id'] as number, type: 'node_exited', node_key: '2' }));
    expect(exits).toEqual([expect.objectContaining({ output_port: 'output_timeout', input_type: 'system' })]);
    expect((await transcript(started.conversation.id)).slice(-2).map((line) => line['text'])).toEqual(['Hi!', 'Glad you wrote.']);
  });

  it('a silent customer’s session expires when the window closes, and is reactivated when they write again', async () => {
    const flowId = await publish(signup('quokka'));
    await dm('quokka', 'silent');
    api().sim.sandbox.clock.advance('25h');
    const [session] = await sessionsOf(flowId);
    expect(session).toMatchObject({ status: 'expired', end_reason: 'window_closed' });
    await dm('a@b.test', 'silent');
    expect(data(await get(`/flow-sessions/${session!['id']}`))).toMatchObject({ status: 'completed' });
    const types = (await eventsOf(session!['id'])).map((event) => event['type']);
    expect(types).toContain('session_expired');
    expect(types).toContain('session_reactivated');
  });

  it('pausing a flow cancels people mid-session (flow.paused counts them); deleting drops the sessions', async () => {
    const flowId = await publish(signup('okapi'));
    await dm('okapi', 'p1');
    await dm('okapi', 'p2');
    expect((await post(`/flows/${flowId}/pause`, {})).status).toBe(200);
    const rows = await sessionsOf(flowId);
    expect(rows.map((row) => [row['status'], row['end_reason']])).toEqual([['cancelled', 'flow_paused'], ['cancelled', 'flow_paused']]);
    const paused = api().sim.sandbox.events(api().accounts[0]!.id, { type: 'flow.paused' }).at(-1)!.data;
    expect(paused['sessions_cancelled']).toBe(2);
    expect((await api().call({ method: 'DELETE', path: `/flows/${flowId}`, key: key() })).status).toBe(200);
    expect(list(await get('/flow-sessions')).filter((row) => row['flow_id'] === flowId)).toEqual([]);
  });

  it('timers survive snapshot and restore; sessions and events keep their shape past the 90-day sweep', async () => {
    const flowId = await publish({
      trigger: { source: 'dm', keywords: ['sloth'], match_type: 'exact' },
      nodes: [trigger, { id: '2', type: 'delay', config: { duration: 2, unit: 'hours' } }, { id: '3', type: 'message', config: { text: 'Later!' } }],
      edges: [{ from: '1', to: '2' }, { from: '2', to: '3' }],
    });
    await dm('sloth', 'sleeper');
    const [session] = await sessionsOf(flowId);
    expect(session).toMatchObject({ status: 'delayed', current_node_id: '2' });
    // A restore clears the scheduler; the session's stored timer must be re-armed from the state.
    api().sim.sandbox.restore(api().sim.sandbox.snapshot());
    api().sim.sandbox.clock.advance('1h');
    expect(data(await get(`/flow-sessions/${session!['id']}`))).toMatchObject({ status: 'delayed' });
    api().sim.sandbox.clock.advance('2h');
    const done = data(await get(`/flow-sessions/${session!['id']}`));
    expect(done).toMatchObject({ status: 'completed', current_node_id: '3' });
    const events = await eventsOf(session!['id']);
    api().sim.sandbox.clock.advance('91d');
    expect(data(await get(`/flow-sessions/${session!['id']}`))).toEqual(done);
    expect(await eventsOf(session!['id'])).toEqual(events);
  });

  it('reads: filters, 404s naming param, future since, bad cursor, other account', async () => {
    const flowId = await publish(signup('tapir'));
    const { contact_id } = await dm('tapir', 'reader');
    const [session] = await sessionsOf(flowId);
    expect(list(await get('/flow-sessions', { contact_id }))).toHaveLength(1);
    expect(list(await get('/flow-sessions', { status: 'completed', flow_id: flowId }))).toEqual([]);
    expect(list(await get('/flow-sessions', { channel: 'facebook', flow_id: flowId }))).toEqual([]);
    const missing = await get('/flow-sessions', { contact_id: 999999 });
    expect([missing.status, errorOf(missing).code, errorOf(missing).param]).toEqual([404, 'not_found', 'contact_id']);
    // A future instant is a valid filter that matches nothing yet, as on every other list (audit 14b B4).
    const future = await get('/flow-events', { since: '2999-01-01T00:00:00+00:00' });
    expect([future.status, future.body]).toEqual([200, { data: [], has_more: false, next_cursor: null }]);
    const futureUpdated = await get('/flow-sessions', { updated_since: '2999-01-01T00:00:00+00:00' });
    expect([futureUpdated.status, futureUpdated.body]).toEqual([200, { data: [], has_more: false, next_cursor: null }]);
    const futureFiltered = await get('/flow-events', { flow_id: flowId, since: '2999-01-01T00:00:00+00:00' });
    expect([futureFiltered.status, list(futureFiltered)]).toEqual([200, []]);
    const badType = await get('/flow-events', { type: 'nope' });
    expect([badType.status, errorOf(badType).param]).toEqual([400, 'type']);
    const cursor = await get('/flow-events', { starting_after: 'garbage' });
    expect([cursor.status, errorOf(cursor).param]).toEqual([400, 'starting_after']);
    const other = api().accounts[1]!.keys.full!;
    expect((await api().call({ path: `/flow-sessions/${session!['id']}`, key: other })).status).toBe(404);
    expect((await api().call({ path: `/flow-sessions/${session!['id']}/events`, key: other })).status).toBe(404);
    const page = await get('/flow-events', { flow_id: flowId, limit: 2 });
    const next = await get('/flow-events', { flow_id: flowId, limit: 2, starting_after: (page.body as { next_cursor: string }).next_cursor });
    const ids = [...list(page), ...list(next)].map((event) => event['id'] as number);
    expect(ids[0]! < ids[1]! && ids[1]! < ids[2]!).toBe(true);
    expect(list(await get(`/flow-sessions/${session!['id']}/events`, { type: 'session_started' }))).toHaveLength(1);
  });

  it('analytics: summary, per_node, outcomes, versions, 404 for an unpublished version', async () => {
    const flowId = await publish(signup('ibex'));
    await dm('ibex', 'a1');
    await dm('x@y.test', 'a1');
    await dm('ibex', 'a2');
    const response = await get(`/flows/${flowId}/analytics`);
    expect(response.status).toBe(200);
    const body = data(response);
    expect(body).toMatchObject({ flow_id: flowId, version: 1, current_version: 1, range: '30d', channel: 'all', other_version_runs_excluded: 0 });
    expect(body['summary']).toMatchObject({ runs: 2, completed: 1, active: 1, expired: 0, cancelled: 0, completion_rate: 50 });
    expect(body['versions']).toEqual([expect.objectContaining({ version: 1, has_tracked_runs: true })]);
    const perNode = body['per_node'] as Json[];
    expect(perNode.find((node) => node['node_id'] === '2')).toMatchObject({ reached: 2, continued: 1, responses: 1 });
    expect((body['outcomes'] as Json[]).find((o) => o['key'] === 'emails_collected')).toMatchObject({ count: 1, rate: 50 });
    expect(body['comparison']).toMatchObject({ previous_runs: 0, runs_change_percent: null });
    expect(data(await get(`/flows/${flowId}/analytics`, { range: 'all' }))['comparison']).toBeNull();
    const v9 = await get(`/flows/${flowId}/analytics`, { version: 9 });
    expect([v9.status, errorOf(v9).param]).toEqual([404, 'version']);
    const channel = data(await get(`/flows/${flowId}/analytics`, { channel: 'facebook' }));
    expect(channel).toMatchObject({ channel: 'facebook', summary: { runs: 0, completion_rate: null } });
  });
});
