/**
 * Flows CRUD (2.10, 4.7, 8): create as a draft (201, warnings), 422 invalid_definition with every
 * error, plan caps, the single and list shapes, filters, PATCH (settings now, definition as a
 * draft), delete, stats, the tag cascade and the default seed. Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, errorOf, leadCapture, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

describeRuntimes('flows', (api) => {
  const full = () => api().keys.full!;
  const create = (body: Json, key = full()) => api().call({ method: 'POST', path: '/flows', key, body });
  const get = (id: unknown, key = full()) => api().call({ path: `/flows/${id}`, key });
  const patch = (id: unknown, body: Json, key = full()) => api().call({ method: 'PATCH', path: `/flows/${id}`, key, body });
  const act = (id: unknown, action: string, key = full()) => api().call({ method: 'POST', path: `/flows/${id}/${action}`, key, body: {} });
  const flowIds = async (key = full(), query: Json = {}) => list(await api().call({ path: '/flows', key, query: { limit: 100, ...query } })).map((f) => f['id']);

  it('POST /flows: 201, a draft at version 1 with warnings; the single shape', async () => {
    const response = await create({ name: 'Lead capture', definition: leadCapture('hello') });
    expect(response.status).toBe(201);
    expect(data(response)).toMatchObject({
      name: 'Lead capture',
      status: 'draft',
      trigger_type: 'keyword',
      trigger: { sources: [{ source: 'dm', keywords: ['hello'], match_type: 'exact' }] },
      channels: ['facebook', 'instagram'],
      version: 1,
      published_version: null,
      priority: 0,
      stats: { entries: 0, completions: 0, completion_rate: null },
      has_draft: true,
      draft_behavior_changed: true,
      node_count: 4,
      tag_id: null,
      warnings: [],
    });
    const stored = data(await get(data(response)['id']));
    expect(stored['definition']).toEqual(data(response)['definition']);
    expect(stored).not.toHaveProperty('warnings');
  });

  it('POST /flows: warnings are strings naming the node', async () => {
    const graph = leadCapture('hello');
    graph.nodes.push({ id: '5', type: 'delay', config: { duration: 1, unit: 'hours' } });
    graph.edges.push({ from: '4', to: '5' });
    const response = await create({ name: 'Dead end', definition: graph });
    expect(data(response)['warnings']).toEqual([expect.stringContaining('Node "5" (delay) leads nowhere')]);
  });

  it('POST /flows: 422 invalid_definition lists every error, naming nodes; nothing is created', async () => {
    const before = await flowIds();
    const graph = leadCapture('hello');
    graph.nodes.push({ id: '5', type: 'message', config: {} }, { id: '6', type: 'action', config: { action_type: 'mark_lead' } });
    graph.edges.push({ from: '2', from_port: 'output_9', to: '6' });
    const response = await create({ name: 'Broken', definition: graph });
    expect(response.status).toBe(422);
    expect(errorOf(response)).toMatchObject({
      code: 'invalid_definition',
      errors: [
        expect.objectContaining({ code: 'invalid_config', node_id: '5', key: 'text' }),
        expect.objectContaining({ code: 'unknown_port', node_id: '2', port: 'output_9' }),
        expect.objectContaining({ code: 'unreachable', node_id: '5' }),
        expect.objectContaining({ code: 'unreachable', node_id: '6' }),
      ],
    });
    expect(await flowIds()).toEqual(before);
  });

  it('POST /flows: the body is checked first (400 naming the field)', async () => {
    const cases: [Json, string][] = [
      [{ definition: leadCapture('a') }, 'name'],
      [{ name: '', definition: leadCapture('a') }, 'name'],
      [{ name: '   ', definition: leadCapture('a') }, 'name'],
      [{ name: 'n'.repeat(101), definition: leadCapture('a') }, 'name'],
      [{ name: 'ok' }, 'definition'],
      [{ name: 'ok', definition: leadCapture('a'), channels: ['sms'] }, 'channels.0'],
      [{ name: 'ok', definition: leadCapture('a'), channels: [] }, 'channels'],
      [{ name: 'ok', definition: leadCapture('a'), status: 'active' }, 'status'],
      [{ name: 'ok', definition: leadCapture('a'), tag_id: 999999 }, 'tag_id'],
    ];
    for (const [body, param] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'invalid_param', param });
    }
    expect((await create({ name: 'n'.repeat(100), definition: leadCapture('a') })).status).toBe(201);
  });

  it('channels: repeats dropped; each must be one the source fires on (422 otherwise)', async () => {
    const ok = await create({ name: 'WA', definition: leadCapture('a'), channels: ['whatsapp', 'instagram', 'whatsapp'] });
    expect(data(ok)['channels']).toEqual(['whatsapp', 'instagram']);
    const story = { ...leadCapture('b'), trigger: { source: 'story_reply' } };
    const refused = await create({ name: 'Story', definition: story });
    expect(refused.status).toBe(422);
    expect(errorOf(refused).errors).toEqual([expect.objectContaining({ code: 'channel_unsupported', path: 'channels[0]', node_id: '1' })]);
    expect((await create({ name: 'Story', definition: story, channels: ['instagram'] })).status).toBe(201);
  });

  it('tag_id: a tag of the account, shown on the flow; deleting the tag clears it', async () => {
    const tags = list(await api().call({ path: '/tags', key: full() }));
    const vip = tags.find((t) => t['name'] === 'vip')!['id'];
    const theirs = list(await api().call({ path: '/tags', key: api().accounts[1]!.keys.full! }))[0]!['id'];
    expect(errorOf(await create({ name: 'x', definition: leadCapture('a'), tag_id: theirs }))).toMatchObject({ param: 'tag_id' });
    const id = data(await create({ name: 'x', definition: leadCapture('a'), tag_id: vip }))['id'];
    expect(data(await get(id))['tag_id']).toBe(vip);
    await api().call({ method: 'DELETE', path: `/tags/${vip}`, key: full() });
    expect(data(await get(id))['tag_id']).toBeNull();
  });

  it('the flow count is a plan cap: 403 plan_limit_reached past it', async () => {
    const free = api().accounts[3]!;
    const { live } = data<{ live: { flow_limit: number } }>(await api().call({ path: '/flows/nodes', key: free.keys.read! }));
    let count = (await flowIds(free.keys.full!)).length;
    for (; count < live.flow_limit; count++) expect((await create({ name: `f${count}`, definition: leadCapture(`k${count}`) }, free.keys.full!)).status).toBe(201);
    const refused = await create({ name: 'one more', definition: leadCapture('more') }, free.keys.full!);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('plan_limit_reached');
    expect(errorOf(await act((await flowIds(free.keys.full!))[0], 'duplicate', free.keys.full!)).code).toBe('plan_limit_reached');
  });

  it('GET /flows/{id}: 404 when missing, deleted, another account’s or not numeric', async () => {
    const id = data(await create({ name: 'x', definition: leadCapture('a') }))['id'];
    const theirs = (await flowIds(api().accounts[1]!.keys.full!))[0];
    for (const bad of [999999, theirs, 'abc', '1e3']) expect((await get(bad)).status, String(bad)).toBe(404);
    expect(data(await api().call({ method: 'DELETE', path: `/flows/${id}`, key: full() }))).toEqual({ id, deleted: true });
    expect((await get(id)).status).toBe(404);
    expect((await api().call({ path: `/flows/${id}/definition`, key: full() })).status).toBe(404);
    expect((await api().call({ method: 'DELETE', path: `/flows/${id}`, key: full() })).status).toBe(404);
    expect((await api().call({ path: `/_sandbox/flows/${id}/versions`, key: full() })).status).toBe(404);
  });

  it('GET /flows/{id}/definition: {flow_id, has_draft, definition}', async () => {
    const created = data(await create({ name: 'x', definition: leadCapture('a') }));
    const response = await api().call({ path: `/flows/${created['id']}/definition`, key: api().keys.read! });
    expect(data(response)).toEqual({ flow_id: created['id'], has_draft: true, definition: created['definition'] });
  });

  it('GET /flows: newest first, no definitions, status and trigger_type filters, pages', async () => {
    const made: unknown[] = [];
    for (const [i, source] of [{ source: 'dm', keywords: ['one'] }, { source: 'ref_link', ref: 'two' }, { source: 'first_message' }].entries()) {
      made.push(data(await create({ name: `L${i}`, definition: { ...leadCapture('x'), trigger: source } }))['id']);
    }
    const all = list(await api().call({ path: '/flows', key: api().keys.read!, query: { limit: 100 } }));
    expect(all.slice(0, 3).map((f) => f['id'])).toEqual([...made].reverse());
    for (const flow of all) {
      expect(flow).not.toHaveProperty('definition');
      expect(flow).toMatchObject({ trigger: { sources: [expect.objectContaining({ source: expect.any(String) })] }, stats: expect.any(Object) });
    }
    expect(await flowIds(full(), { status: 'draft' })).toEqual(all.filter((f) => f['status'] === 'draft').map((f) => f['id']));
    expect(await flowIds(full(), { status: 'paused' })).toEqual(all.filter((f) => f['status'] === 'paused').map((f) => f['id']));
    expect(await flowIds(full(), { trigger_type: 'first_message' })).toEqual(all.filter((f) => f['trigger_type'] === 'first_message').map((f) => f['id']));
    expect((await flowIds(full(), { trigger_type: 'first_message' })).slice(0, 2)).toEqual([made[2], made[1]]);
    const first = await api().call({ path: '/flows', key: full(), query: { limit: 2 } });
    expect(first.body).toMatchObject({ has_more: true });
    const second = await api().call({ path: '/flows', key: full(), query: { limit: 2, starting_after: (first.body as Json)['next_cursor'] as string } });
    expect([...list(first), ...list(second)].map((f) => f['id'])).toEqual(all.slice(0, 4).map((f) => f['id']));
    for (const query of [{ status: 'live' }, { trigger_type: 'dm' }, { limit: 101 }]) {
      expect((await api().call({ path: '/flows', key: full(), query })).status, JSON.stringify(query)).toBe(400);
    }
  });

  it('PATCH: settings apply at once; a definition is saved as the draft; an empty body lists the fields', async () => {
    const id = data(await create({ name: 'x', definition: leadCapture('a') }))['id'];
    expect(errorOf(await patch(id, {}))).toMatchObject({ code: 'invalid_param', message: expect.stringContaining('name, channels, tag_id, definition') });
    const renamed = data(await patch(id, { name: 'Renamed', channels: ['whatsapp'] }));
    expect(renamed).toMatchObject({ name: 'Renamed', channels: ['whatsapp'], version: 1, status: 'draft', warnings: [] });
    const graph = leadCapture('a');
    graph.nodes[3] = { id: '4', type: 'message', config: { text: 'Changed {email}' } };
    const changed = data<Json>(await patch(id, { definition: graph }));
    expect(changed).toMatchObject({ version: 1, has_draft: true, published_version: null });
    expect(((changed['definition'] as Json)['nodes'] as Json[])[3]).toMatchObject({ config: { text: 'Changed {email}' } });
    const refused = await patch(id, { definition: { ...graph, edges: [] } });
    expect(refused.status).toBe(422);
    expect(errorOf(refused).errors!.map((e) => e['code'])).toEqual(['unreachable', 'unreachable', 'unreachable']);
    expect(data(await get(id))['definition']).toEqual(changed['definition']);
    expect((await patch(id, { channels: ['sms'] })).status).toBe(400);
    expect((await patch(999999, { name: 'x' })).status).toBe(404);
  });

  it('PATCH channels re-checks the graph against them (422 channel_unsupported)', async () => {
    const story = { ...leadCapture('b'), trigger: { source: 'story_reply' } };
    const id = data(await create({ name: 'Story', definition: story, channels: ['instagram'] }))['id'];
    const refused = await patch(id, { channels: ['instagram', 'facebook'] });
    expect(refused.status).toBe(422);
    expect(errorOf(refused).errors).toEqual([expect.objectContaining({ code: 'channel_unsupported', path: 'channels[1]' })]);
    expect(data(await get(id))['channels']).toEqual(['instagram']);
  });

  it('stats: completion_rate is null with no entries, a percent otherwise', async () => {
    const id = data(await create({ name: 'x', definition: leadCapture('a') }))['id'] as number;
    expect(data(await get(id))['stats']).toEqual({ entries: 0, completions: 0, completion_rate: null });
    const accountId = api().accounts[0]!.id;
    api().sim.sandbox.flows.recordStats(accountId, id, { entries: 3, completions: 0 });
    expect(data(await get(id))['stats']).toEqual({ entries: 3, completions: 0, completion_rate: 0 });
    const recorded = await api().call({ method: 'POST', path: `/_sandbox/flows/${id}/stats`, key: api().keys.admin!, body: { completions: 2 } });
    expect(data(recorded)['stats']).toEqual({ entries: 3, completions: 2, completion_rate: 66.7 });
    const refused = await api().call({ method: 'POST', path: `/_sandbox/flows/${id}/stats`, key: api().keys.admin!, body: { completions: 2 } });
    expect(errorOf(refused)).toMatchObject({ code: 'invalid_param', param: 'completions' });
  });

  it('the default seed gives each account a lead capture, a booking flow, a paused one and one with a draft', async () => {
    for (const account of api().accounts.slice(0, 4)) {
      const flows: Json[] = [];
      for (const id of await flowIds(account.keys.read!)) flows.push(data(await get(id, account.keys.read!)));
      const types = (flow: Json) => ((flow['definition'] as Json)['nodes'] as Json[]).map((n) => n['type']);
      expect(flows.some((f) => f['trigger_type'] === 'keyword' && types(f).includes('collect_input')), `${account.id} lead capture`).toBe(true);
      expect(flows.some((f) => types(f).includes('book_appointment')), `${account.id} booking`).toBe(true);
      expect(flows.some((f) => f['status'] === 'paused'), `${account.id} paused`).toBe(true);
      expect(flows.some((f) => f['has_draft'] === true && f['published_version'] !== null), `${account.id} draft`).toBe(true);
      for (const flow of flows) {
        const check = await api().call({ method: 'POST', path: '/flows/validate', key: account.keys.write!, body: { definition: flow['definition'], channels: flow['channels'], flow_id: flow['id'] } });
        expect(data(check), `${account.id} ${String(flow['name'])}`).toEqual({ valid: true, errors: [], warnings: [] });
      }
    }
  });
});
