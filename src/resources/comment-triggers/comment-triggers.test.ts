/**
 * Comment triggers (2.22, 3.7, 4.14): fields, defaults and limits, the plan live cap
 * (created_paused, 403), linked flows (409 flow_conflict, flow_impact, delete pauses them),
 * duplicate, stats, list filters and account scoping. Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, errorOf, list, type Json } from '../../../test/support/flow-graphs.js';
import { dmTrigger, linkedFlow, seedWithoutCommentAutomation } from '../../../test/support/comment-triggers.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

describeRuntimes('comment triggers', (api) => {
  const full = () => api().keys.full!;
  const create = (body: Json, key = full()) => api().call({ method: 'POST', path: '/comment-triggers', key, body });
  const createId = async (body: Json, key = full()) => {
    const res = await create(body, key);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return data(res)['id'] as number;
  };
  const patch = (id: unknown, body: Json, key = full()) => api().call({ method: 'PATCH', path: `/comment-triggers/${id}`, key, body });
  const get = async (id: unknown, key = full()) => data(await api().call({ path: `/comment-triggers/${id}`, key }));
  const flowAct = (id: unknown, action: string) => api().call({ method: 'POST', path: `/flows/${id}/${action}`, key: full(), body: {} });
  const createLinkedFlow = async (triggerId: number, publish = true) => {
    const res = await api().call({ method: 'POST', path: '/flows', key: full(), body: { name: `Flow for ${triggerId}`, definition: linkedFlow(triggerId) } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = data(res)['id'] as number;
    if (publish) expect((await flowAct(id, 'publish')).status).toBe(200);
    return id;
  };

  it('creates with the 2.22 defaults and every field shown', async () => {
    const res = await create({ name: 'Price', platform: 'both', keywords: ['price'], response_mode: 'public_only', public_replies: ['Check your DMs'] });
    expect(res.status).toBe(201);
    expect(data(res)).toMatchObject({
      name: 'Price',
      active: true,
      platform: 'both',
      source_type: 'comment',
      post_id: null,
      keywords: ['price'],
      match_type: 'contains',
      exclude_keywords: [],
      response_mode: 'public_only',
      public_replies: ['Check your DMs'],
      dm_templates: [],
      dm_use_ai: false,
      dm_ai_goal: null,
      buttons: [],
      hide_comment_after_dm: false,
      tag_id: null,
      linked_flows: [],
      stats: { fires: 0, dms_sent: 0, public_replies: 0, last_fired_at: null },
      created_paused: false,
    });
  });

  const refused: [string, Json, string][] = [
    ['a DM mode without buttons', { buttons: [] }, 'buttons'],
    ['dm_only without buttons', { response_mode: 'dm_only', buttons: undefined }, 'buttons'],
    ['four buttons', { buttons: Array.from({ length: 4 }, (_, i) => ({ title: `B${i}`, type: 'text', response: 'ok' })) }, 'buttons'],
    ['a button title of 21', { buttons: [{ title: 'x'.repeat(21), type: 'text', response: 'ok' }] }, 'buttons.0.title'],
    ['a text button without response', { buttons: [{ title: 'Hi', type: 'text' }] }, 'buttons.0.response'],
    ['a url button without url', { buttons: [{ title: 'Go', type: 'url' }] }, 'buttons.0.url'],
    ['an unknown button type', { buttons: [{ title: 'Go', type: 'call', url: 'https://a.test' }] }, 'buttons.0.type'],
    ['six public replies', { public_replies: Array.from({ length: 6 }, (_, i) => `r${i}`) }, 'public_replies'],
    ['six DM templates', { dm_templates: Array.from({ length: 6 }, (_, i) => `t${i}`) }, 'dm_templates'],
    ['no keywords', { keywords: [] }, 'keywords'],
    ['1,000 keywords', { keywords: Array.from({ length: 1000 }, (_, i) => `k${i}`) }, 'keywords'],
    ['repeated keywords', { keywords: ['Link', 'link'] }, 'keywords'],
    ['an unknown match type', { match_type: 'regex' }, 'match_type'],
    ['an unknown platform', { platform: 'tiktok' }, 'platform'],
    ['an unknown source type', { source_type: 'reel' }, 'source_type'],
    ['an unknown tag', { tag_id: 999999 }, 'tag_id'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['no name', { name: undefined }, 'name'],
  ];
  for (const [label, extra, param] of refused) {
    it(`refuses ${label} (400 naming ${param}) and saves nothing`, async () => {
      const res = await create(dmTrigger(extra));
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'invalid_param', param });
      expect(list(await api().call({ path: '/comment-triggers', key: full() }))).toEqual([]);
    });
  }

  it('accepts 1 to 3 buttons in a DM mode, 5 replies and templates, a 20-character title, emoji and RTL keywords', async () => {
    const body = dmTrigger({
      keywords: ['🔥', 'رابط', 'link'],
      public_replies: ['a', 'b', 'c', 'd', 'e'],
      dm_templates: ['a', 'b', 'c', 'd', 'e'],
      buttons: [
        { title: 'x'.repeat(20), type: 'text', response: 'ok' },
        { title: 'Shop', type: 'url', url: 'https://shop.example.test' },
        { title: 'More', type: 'text', response: 'more' },
      ],
    });
    expect((await create(body)).status).toBe(201);
    expect((await create(dmTrigger({ response_mode: 'public_only', buttons: [] }))).status).toBe(201);
  });

  it('past the live cap a trigger is saved paused with created_paused; activating then gives 403 plan_limit_reached', async () => {
    const creator = api().accounts[2]!;
    const key = creator.keys.full!;
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await createId(dmTrigger({ name: `T${i}`, keywords: [`k${i}`] }), key));
    const shown = await Promise.all(ids.map((id) => get(id, key)));
    expect(shown.map((t) => [t['active'], t['created_paused']])).toEqual([
      [true, false],
      [true, false],
      [true, false],
      [false, true],
    ]);
    const refused = await patch(ids[3], { active: true }, key);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('plan_limit_reached');
    expect((await patch(ids[0], { active: false }, key)).status).toBe(200);
    const activated = await patch(ids[3], { active: true }, key);
    expect(data(activated)).toMatchObject({ active: true, created_paused: false });
    const explicit = data(await create(dmTrigger({ name: 'off', active: false }), key));
    expect(explicit).toMatchObject({ active: false, created_paused: false });
  });

  it('PATCH is partial, re-checks the DM button rule, and needs a field', async () => {
    const id = await createId(dmTrigger());
    const res = await patch(id, { match_type: 'fuzzy', exclude_keywords: ['free'] });
    expect(data(res)).toMatchObject({ match_type: 'fuzzy', exclude_keywords: ['free'], keywords: ['link'], response_mode: 'both' });
    expect(errorOf(await patch(id, { buttons: [] }))).toMatchObject({ code: 'invalid_param', param: 'buttons' });
    expect((await patch(id, { response_mode: 'public_only', buttons: [] })).status).toBe(200);
    expect(errorOf(await patch(id, {}))).toMatchObject({ code: 'invalid_param', param: 'body' });
    expect(errorOf(await patch(id, { id: 3 }))).toMatchObject({ code: 'invalid_param', param: 'id' });
  });

  it('lists newest first with filters; platform is equality, as source_type is (audit 14b B1)', async () => {
    const a = await createId(dmTrigger({ name: 'ig', platform: 'instagram' }));
    const b = await createId(dmTrigger({ name: 'fb', platform: 'facebook', source_type: 'story' }));
    const c = await createId(dmTrigger({ name: 'both', platform: 'both', post_id: 'post_1', active: false }));
    const ids = async (query: Json) => list(await api().call({ path: '/comment-triggers', key: full(), query: query as Record<string, string> })).map((t) => t['id']);
    expect(await ids({})).toEqual([c, b, a]);
    expect(await ids({ platform: 'instagram' })).toEqual([a]);
    expect(await ids({ platform: 'facebook' })).toEqual([b]);
    expect(await ids({ platform: 'both' })).toEqual([c]);
    expect(await ids({ source_type: 'story' })).toEqual([b]);
    expect(await ids({ active: 'false' })).toEqual([c]);
    expect(await ids({ post_id: 'post_1' })).toEqual([c]);
    expect(await ids({ limit: '1' })).toEqual([c]);
    const bad = await api().call({ path: '/comment-triggers', key: full(), query: { active: 'yes' } });
    expect(errorOf(bad)).toMatchObject({ code: 'invalid_param', param: 'active' });
  });

  it('scopes every route to the account: another account’s trigger is 404', async () => {
    const id = await createId(dmTrigger());
    const other = api().accounts[1]!.keys.full!;
    for (const [method, path, body] of [
      ['GET', `/comment-triggers/${id}`, undefined],
      ['PATCH', `/comment-triggers/${id}`, { name: 'x' }],
      ['DELETE', `/comment-triggers/${id}`, undefined],
      ['POST', `/comment-triggers/${id}/duplicate`, {}],
      ['GET', `/comment-triggers/${id}/stats`, undefined],
    ] as const) {
      expect((await api().call({ method, path, key: other, body })).status, `${method} ${path}`).toBe(404);
    }
    expect(list(await api().call({ path: '/comment-triggers', key: other }))).toEqual([]);
  });

  it('duplicate needs {} and gives a paused copy with fresh stats', async () => {
    const id = await createId(dmTrigger());
    const missing = await api().call({ method: 'POST', path: `/comment-triggers/${id}/duplicate`, key: full() });
    expect(missing.status).toBe(400);
    const copy = await api().call({ method: 'POST', path: `/comment-triggers/${id}/duplicate`, key: full(), body: {} });
    expect(copy.status).toBe(201);
    expect(data(copy)).toMatchObject({ name: 'Link please (copy)', active: false, keywords: ['link'], linked_flows: [], stats: { fires: 0 } });
    expect(data(copy)['id']).not.toBe(id);
  });

  it('stats: the detailed shape, zero before any comment', async () => {
    const id = await createId(dmTrigger());
    const res = await api().call({ path: `/comment-triggers/${id}/stats`, key: full() });
    expect(data(res)).toEqual({
      trigger_id: id,
      fires: 0,
      dms_sent: 0,
      dms_skipped: 0,
      public_replies: 0,
      comments_hidden: 0,
      unique_commenters: 0,
      last_fired_at: null,
      fires_last_7_days: 0,
      fires_last_30_days: 0,
    });
  });

  it('a flow linked to the trigger shows in linked_flows and in the flows catalogue', async () => {
    const id = await createId(dmTrigger());
    const flowId = await createLinkedFlow(id);
    expect((await get(id))['linked_flows']).toEqual([{ id: flowId, name: `Flow for ${id}`, status: 'active', entry: 'button' }]);
    const catalogue = data<{ live: { comment_triggers: Json[] } }>(await api().call({ path: '/flows/nodes', key: full() }));
    expect(catalogue.live.comment_triggers).toContainEqual({ id, name: 'Link please', active: true });
  });

  it('activating with a linked flow paused, broken or one of several gives 409 flow_conflict', async () => {
    const id = await createId(dmTrigger());
    const flowId = await createLinkedFlow(id);
    expect((await flowAct(flowId, 'pause')).status).toBe(200);
    expect((await get(id))['active']).toBe(false);
    const paused = await patch(id, { active: true });
    expect(paused.status).toBe(409);
    expect(errorOf(paused).code).toBe('flow_conflict');
    expect((await flowAct(flowId, 'activate')).status).toBe(200);
    expect(data(await patch(id, { active: true }))['active']).toBe(true);

    await patch(id, { active: false });
    const second = await createLinkedFlow(id, false);
    const several = await patch(id, { active: true });
    expect(errorOf(several).code).toBe('flow_conflict');
    await api().call({ method: 'DELETE', path: `/flows/${second}`, key: full() });
    expect((await patch(id, { active: true })).status).toBe(200);
  });

  it('a second flow linked to the same trigger cannot go active (the flows collision rule: 422 invalid_definition)', async () => {
    const id = await createId(dmTrigger());
    await createLinkedFlow(id);
    const second = await createLinkedFlow(id, false);
    const refused = await flowAct(second, 'activate');
    expect(refused.status).toBe(422);
    expect(errorOf(refused).code).toBe('invalid_definition');
  });

  it('editing a button title or type with linked flows pauses them and the trigger, and answers flow_impact', async () => {
    const id = await createId(dmTrigger());
    const flowId = await createLinkedFlow(id);
    const sameButtons = await patch(id, { buttons: [{ title: 'Open', type: 'url', url: 'https://shop.example.test/p/2' }] });
    expect(data(sameButtons)['flow_impact']).toBeUndefined();
    expect(data(sameButtons)['active']).toBe(true);
    const renamed = await patch(id, { buttons: [{ title: 'Open now', type: 'url', url: 'https://shop.example.test/p/2' }] });
    expect(renamed.status).toBe(200);
    expect(data(renamed)).toMatchObject({ active: false, flow_impact: { paused_flows: [{ id: flowId, name: `Flow for ${id}` }], trigger_paused: true } });
    const flow = data(await api().call({ path: `/flows/${flowId}`, key: full() }));
    expect(flow['status']).toBe('paused');
    expect(api().sim.sandbox.events(api().accounts[0]!.id, { type: 'flow.paused' })).toHaveLength(1);
    const noFlows = await createId(dmTrigger({ name: 'solo' }));
    const solo = await patch(noFlows, { buttons: [{ title: 'Other', type: 'text', response: 'hi' }] });
    // 2.22: flow_impact appears on a button change whether or not a flow was linked (audit 12c, A2).
    expect(data(solo)).toMatchObject({ active: true, flow_impact: { paused_flows: [], trigger_paused: false } });
    const soloAgain = await patch(noFlows, { buttons: [{ title: 'Other', type: 'text', response: 'changed reply' }] });
    expect(data(soloAgain)['flow_impact']).toBeUndefined();
    const notButtons = await patch(noFlows, { name: 'solo renamed' });
    expect(data(notButtons)['flow_impact']).toBeUndefined();
  });

  it('DELETE removes the trigger and pauses its active linked flows', async () => {
    const id = await createId(dmTrigger());
    const flowId = await createLinkedFlow(id);
    const res = await api().call({ method: 'DELETE', path: `/comment-triggers/${id}`, key: full() });
    expect(res.body).toEqual({ data: { id, deleted: true, paused_flow_ids: [flowId] } });
    expect((await api().call({ path: `/comment-triggers/${id}`, key: full() })).status).toBe(404);
    expect(data(await api().call({ path: `/flows/${flowId}`, key: full() }))['status']).toBe('paused');
    expect((await flowAct(flowId, 'activate')).status).toBe(422);
  });

  it('deleting the tag a trigger applies clears its tag_id; the trigger stays editable and duplicable (4.5)', async () => {
    const tag = await api().call({ method: 'POST', path: '/tags', key: full(), body: { name: 'from-comments' } });
    expect(tag.status, JSON.stringify(tag.body)).toBe(201);
    const tagId = data(tag)['id'] as number;
    const id = await createId({ ...dmTrigger(), tag_id: tagId });
    expect((await get(id))['tag_id']).toBe(tagId);
    expect((await api().call({ method: 'DELETE', path: `/tags/${tagId}`, key: full() })).status).toBe(200);
    expect((await get(id))['tag_id']).toBeNull();
    const paused = await patch(id, { active: false });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(data(paused)['tag_id']).toBeNull();
    const copy = await api().call({ method: 'POST', path: `/comment-triggers/${id}/duplicate`, key: full(), body: {} });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(data(copy)['tag_id']).toBeNull();
  });

  it('writes need the write scope; reads and simulate take read', async () => {
    const read = api().keys.read!;
    expect((await create(dmTrigger(), read)).status).toBe(403);
    expect((await api().call({ path: '/comment-triggers', key: read })).status).toBe(200);
    expect((await api().call({ path: '/comment-triggers/simulate', key: read, query: { text: 'hi', platform: 'instagram' } })).status).toBe(200);
  });
}, { seed: seedWithoutCommentAutomation() });
