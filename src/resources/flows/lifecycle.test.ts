/**
 * The 3.3 lifecycle and section 9 versions: publish (cap: active or published-but-paused),
 * activate (cap, validity, keyword collisions; publishes a draft first), pause (409 not_active),
 * discard-draft, duplicate, delete; each with its section-6 event; every published version kept
 * and never changed. Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, errorOf, leadCapture, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

describeRuntimes('the flow lifecycle', (api) => {
  const full = () => api().keys.full!;
  const account = () => api().accounts[0]!;
  const create = async (keyword: string, extra: Json = {}, key = full()) => {
    const response = await api().call({ method: 'POST', path: '/flows', key, body: { name: `Flow ${keyword}`, definition: leadCapture(keyword), ...extra } });
    expect(response.status).toBe(201);
    return data(response)['id'] as number;
  };
  const act = (id: unknown, action: string, key = full()) => api().call({ method: 'POST', path: `/flows/${id}/${action}`, key, body: {} });
  const get = async (id: unknown, key = full()) => data(await api().call({ path: `/flows/${id}`, key }));
  const patchDefinition = (id: unknown, definition: unknown, key = full()) => api().call({ method: 'PATCH', path: `/flows/${id}`, key, body: { definition } });
  const events = (type: string, accountId = account().id) => api().sim.sandbox.events(accountId, { type }).map((event) => event.data);
  const versions = async (id: unknown, key = full()) => list(await api().call({ path: `/_sandbox/flows/${id}/versions`, key, query: { limit: 100 } })).reverse();
  /** Activates flows of fresh keywords until the account's active-flow cap is reached. */
  const fillActiveCap = async (key = full()) => {
    const { live } = data<{ live: { active_flows: { count: number; limit: number } } }>(await api().call({ path: '/flows/nodes', key }));
    for (let i = live.active_flows.count; i < live.active_flows.limit; i++) {
      expect((await act(await create(`fill${i}`, {}, key), 'publish', key)).status).toBe(200);
    }
  };

  it('publish: a draft flow goes active, published_version 1, no draft; flow.published fires', async () => {
    const id = await create('pub');
    const published = data(await act(id, 'publish'));
    expect(published).toMatchObject({ status: 'active', version: 1, published_version: 1, has_draft: false, draft_behavior_changed: false });
    expect(events('flow.published')).toEqual([expect.objectContaining({ flow: expect.objectContaining({ id, status: 'active' }), version: 1, source: 'api' })]);
    expect(events('flow.activated')).toEqual([]);
  });

  it('publish with the active-flow cap reached: published, but paused', async () => {
    const pro = api().accounts[1]!;
    await fillActiveCap(pro.keys.full!);
    const id = await create('over', {}, pro.keys.full!);
    const published = data(await act(id, 'publish', pro.keys.full!));
    expect(published).toMatchObject({ status: 'paused', published_version: 1, has_draft: false });
    expect(events('flow.published', pro.id).at(-1)).toMatchObject({ flow: { id, status: 'paused' }, version: 1 });
    const refused = await act(id, 'activate', pro.keys.full!);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('plan_limit_reached');
  });

  it('publish: nothing to publish is a 200 no-op; a draft that became invalid is 422 and nothing changes', async () => {
    const id = await create('noop');
    await act(id, 'publish');
    const before = await get(id);
    expect(data(await act(id, 'publish'))).toEqual(before);
    expect(events('flow.published')).toHaveLength(1);

    const tagged = leadCapture('tagged');
    tagged.nodes[2] = { id: '3', type: 'action', config: { action_type: 'tag_conversation', tag_value: 'vip' } };
    await patchDefinition(id, tagged);
    const vip = list(await api().call({ path: '/tags', key: full() })).find((t) => t['name'] === 'vip')!['id'];
    await api().call({ method: 'DELETE', path: `/tags/${vip}`, key: full() });
    const refused = await act(id, 'publish');
    expect(refused.status).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'invalid_definition', errors: [expect.objectContaining({ code: 'unknown_tag', node_id: '3', key: 'tag_value' })] });
    expect(await get(id)).toMatchObject({ has_draft: true, published_version: 1, version: 2 });
  });

  it('PATCH a published flow: saved as a draft while the published version keeps running (9: versions kept, immutable)', async () => {
    const id = await create('ver');
    const v1 = data(await act(id, 'publish'));
    const changed = leadCapture('ver');
    changed.nodes[3] = { id: '4', type: 'message', config: { text: 'New wording, {email}' } };
    const patched = data(await patchDefinition(id, changed));
    expect(patched).toMatchObject({ status: 'active', version: 2, published_version: 1, has_draft: true, draft_behavior_changed: true });
    expect(await versions(id)).toEqual([expect.objectContaining({ version: 1, definition: v1['definition'] })]);
    expect(data(await api().call({ path: `/flows/${id}/definition`, key: full() }))).toMatchObject({ has_draft: true, definition: patched['definition'] });
    expect(data(await patchDefinition(id, changed))).toMatchObject({ version: 2, published_version: 1 });

    const v2 = data(await act(id, 'publish'));
    expect(v2).toMatchObject({ status: 'active', version: 2, published_version: 2, has_draft: false });
    const kept = await versions(id);
    expect(kept.map((v) => v['version'])).toEqual([1, 2]);
    expect(kept[0]!['definition']).toEqual(v1['definition']);
    expect(kept[1]!['definition']).toEqual(patched['definition']);
    expect(events('flow.published').map((e) => e['version'])).toEqual([1, 2]);
  });

  it('draft_behavior_changed: false when only layout and labels changed', async () => {
    const id = await create('layout');
    await act(id, 'publish');
    const moved = leadCapture('layout');
    moved.nodes = moved.nodes.map((node, i) => ({ ...node, position: { x: 0, y: i * 100 }, label: `Step ${i}` }));
    expect(data(await patchDefinition(id, moved))).toMatchObject({ has_draft: true, draft_behavior_changed: false });
    const lumen = api().accounts[1]!;
    const seeded = list(await api().call({ path: '/flows', key: lumen.keys.read!, query: { limit: 100 } })).find((f) => String(f['name']).startsWith('Whitening'))!;
    expect(await get(seeded['id'], lumen.keys.read!)).toMatchObject({ has_draft: true, draft_behavior_changed: false });
  });

  it('activate: a draft is published first (flow.published then flow.activated); active is a no-op', async () => {
    const id = await create('act');
    const active = data(await act(id, 'activate'));
    expect(active).toMatchObject({ status: 'active', published_version: 1, has_draft: false });
    expect(api().sim.sandbox.events(account().id).filter((e) => e.type.startsWith('flow.')).map((e) => e.type)).toEqual(['flow.published', 'flow.activated']);
    expect(events('flow.activated')).toEqual([expect.objectContaining({ flow: expect.objectContaining({ id, status: 'active' }), version: 1 })]);
    expect(data(await act(id, 'activate'))).toEqual(await get(id));
    expect(events('flow.activated')).toHaveLength(1);
  });

  it('pause: active -> paused with flow.paused; not active -> 409 not_active; activate brings it back', async () => {
    const id = await create('pause');
    expect(errorOf(await act(id, 'pause'))).toMatchObject({ code: 'not_active' });
    await act(id, 'publish');
    const paused = data(await act(id, 'pause'));
    expect(paused).toMatchObject({ status: 'paused', published_version: 1 });
    expect(events('flow.paused')).toEqual([expect.objectContaining({ flow: expect.objectContaining({ id, status: 'paused' }), sessions_cancelled: 0, source: 'api' })]);
    const again = await act(id, 'pause');
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe('not_active');
    expect(data(await act(id, 'activate'))).toMatchObject({ status: 'active', published_version: 1 });
    expect(events('flow.published')).toHaveLength(1);
  });

  it('keyword collisions: a warning while saving, 422 invalid_definition on activation', async () => {
    const first = await create('clash');
    await act(first, 'publish');
    const check = data<Json>(await api().call({ method: 'POST', path: '/flows/validate', key: full(), body: { definition: leadCapture('CLASH') } }));
    expect(check).toMatchObject({ valid: true, warnings: [expect.objectContaining({ code: 'keyword_collision', node_id: '1', key: 'keywords' })] });
    const created = await api().call({ method: 'POST', path: '/flows', key: full(), body: { name: 'Second', definition: leadCapture('clash') } });
    expect(data(created)['warnings']).toEqual([expect.stringContaining(`active flow ${first}`)]);
    const second = data(created)['id'];
    for (const action of ['activate', 'publish']) {
      const refused = await act(second, action);
      expect(refused.status, action).toBe(422);
      expect(errorOf(refused)).toMatchObject({ code: 'invalid_definition', errors: [expect.objectContaining({ code: 'keyword_collision', node_id: '1', key: 'keywords' })] });
    }
    // Another channel, no collision; the flow itself never collides with itself.
    expect(data(await api().call({ method: 'POST', path: '/flows/validate', key: full(), body: { definition: leadCapture('clash'), channels: ['whatsapp'] } }))['warnings']).toEqual([]);
    expect(data(await api().call({ method: 'POST', path: '/flows/validate', key: full(), body: { definition: leadCapture('clash'), flow_id: first } }))['warnings']).toEqual([]);
    await act(first, 'pause');
    expect(data(await act(second, 'activate'))['status']).toBe('active');
    const refused = await act(first, 'activate');
    expect(errorOf(refused).errors).toEqual([expect.objectContaining({ code: 'keyword_collision', message: expect.stringContaining(`active flow ${second}`) })]);
  });

  it('a ref shared with another active flow collides too (trigger_collision)', async () => {
    const ref = (name: string) => ({ ...leadCapture('x'), trigger: { source: 'ref_link', ref: name } });
    const qr = { ...leadCapture('x'), trigger: { source: 'qr_code', ref: 'spring' } };
    const first = data(await api().call({ method: 'POST', path: '/flows', key: full(), body: { name: 'Link', definition: ref('spring') } }))['id'];
    await act(first, 'publish');
    const second = data(await api().call({ method: 'POST', path: '/flows', key: full(), body: { name: 'QR', definition: qr } }))['id'];
    expect(errorOf(await act(second, 'activate')).errors).toEqual([expect.objectContaining({ code: 'trigger_collision', key: 'ref' })]);
  });

  it('discard-draft: back to the published version; nothing to discard is a no-op; a never-published flow keeps its draft', async () => {
    const id = await create('discard');
    expect(data(await act(id, 'discard-draft'))).toMatchObject({ status: 'draft', has_draft: true, version: 1 });
    const v1 = data(await act(id, 'publish'));
    expect(data(await act(id, 'discard-draft'))).toEqual(await get(id));
    const changed = leadCapture('discard');
    changed.nodes[3] = { id: '4', type: 'message', config: { text: 'Other {email}' } };
    await patchDefinition(id, changed);
    const discarded = data(await act(id, 'discard-draft'));
    expect(discarded).toMatchObject({ status: 'active', version: 1, published_version: 1, has_draft: false, definition: v1['definition'] });
  });

  it('duplicate: 201, a new draft named with a copy suffix, holding the shown definition', async () => {
    const id = await create('dup', { name: 'N'.repeat(100) });
    await act(id, 'publish');
    const changed = leadCapture('dup');
    changed.nodes[3] = { id: '4', type: 'message', config: { text: 'Draft {email}' } };
    await patchDefinition(id, changed);
    api().sim.sandbox.flows.recordStats(account().id, id, { entries: 5, completions: 1 });
    const response = await act(id, 'duplicate');
    expect(response.status).toBe(201);
    const copy = data(response);
    expect(copy['id']).not.toBe(id);
    expect(copy['name']).toBe(`${'N'.repeat(93)} (copy)`);
    expect(copy).toMatchObject({ status: 'draft', version: 1, published_version: null, has_draft: true, stats: { entries: 0, completions: 0, completion_rate: null } });
    expect(copy['definition']).toEqual((await get(id))['definition']);
    expect((await get(id))['status']).toBe('active');
  });

  it('DELETE an active flow: gone with every version', async () => {
    const id = await create('del');
    await act(id, 'publish');
    await patchDefinition(id, leadCapture('del2'));
    await act(id, 'publish');
    expect(await versions(id)).toHaveLength(2);
    expect(data(await api().call({ method: 'DELETE', path: `/flows/${id}`, key: full() }))).toEqual({ id, deleted: true });
    expect((await api().call({ path: `/_sandbox/flows/${id}/versions`, key: full() })).status).toBe(404);
    const { live } = data<{ live: { flows: Json[] } }>(await api().call({ path: '/flows/nodes', key: full() }));
    expect(live.flows.map((f) => f['id'])).not.toContain(id);
  });

  it('actions on another account’s flow or a missing one are 404; a read key is 403', async () => {
    const theirs = list(await api().call({ path: '/flows', key: api().accounts[1]!.keys.read! }))[0]!['id'];
    for (const action of ['publish', 'activate', 'pause', 'discard-draft', 'duplicate']) {
      expect((await act(theirs, action)).status, action).toBe(404);
      expect((await act(999999, action)).status, action).toBe(404);
      expect(errorOf(await act(theirs, action, api().accounts[1]!.keys.read!)).code).toBe('insufficient_scope');
    }
  });
});
