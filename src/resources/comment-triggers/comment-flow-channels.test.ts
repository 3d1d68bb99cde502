/**
 * Comment flows respect their channels (audit 6, K2; docs/decisions.md): a native comment flow or
 * a linked flow limited to one platform is no answer to a comment on the other. Simulate and a
 * real comment agree: the comment goes on to the next native flow, then the AI comment manager,
 * as if the flow did not exist; on the flow's own platform the flow starts. Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';
import { dmTrigger, linkedFlow } from '../../../test/support/comment-triggers.js';

const nativeFlow = (keyword: string) => ({
  trigger: { source: 'comment', comment_keywords: [keyword] },
  nodes: [
    { id: '1', type: 'trigger', config: {} },
    { id: '2', type: 'message', config: { text: `native ${keyword}` } },
  ],
  edges: [{ from: '1', to: '2' }],
});

describeRuntimes('comment flows respect their channels', (api) => {
  const key = () => api().keys.full!;
  const call = (method: 'GET' | 'POST', path: string, body?: Json) => api().call({ method, path, key: key(), ...(body ? { body } : {}) });
  const liveFlow = async (name: string, definition: Json, channels: string[]) => {
    const created = await call('POST', '/flows', { name, definition, channels });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = data(created)['id'] as number;
    const published = await call('POST', `/flows/${id}/publish`, {});
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(data(published)['status']).toBe('active');
    return id;
  };
  const simulate = async (text: string, platform: string) => {
    const res = await api().call({ path: '/comment-triggers/simulate', key: key(), query: { text, platform } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return data(res);
  };
  const comment = async (platform: string, text: string, commenterId: string) => {
    const res = await call('POST', '/_sandbox/comments', { platform, post_id: 'post_k2', text, commenter: { id: commenterId, username: commenterId, name: 'Wal' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return data(res);
  };
  const sessionsOf = async (flowId: number) => list(await api().call({ path: '/flow-sessions', key: key(), query: { flow_id: String(flowId) } }));

  it('an Instagram-only native flow does not claim a Facebook comment: the AI comment manager takes it', async () => {
    const flowId = await liveFlow('Native IG', nativeFlow('walrus'), ['instagram']);

    const predicted = await simulate('walrus!', 'facebook');
    expect(predicted).toMatchObject({ outcome: 'no_match', trigger: null, native_flow: null });
    const real = await comment('facebook', 'walrus!', 'fb_walrus');
    expect(real).toMatchObject({ delivered: true, outcome: predicted['outcome'], native_flow_id: null });
    const handled = real['handled_comment'] as Json | null;
    expect(handled, 'the AI comment manager takes a comment no flow answers').not.toBeNull();
    expect((await call('GET', `/comments/${handled!['id']}`)).status).toBe(200);
    expect(await sessionsOf(flowId)).toEqual([]);

    // On its own platform the same flow answers, and simulate says so.
    expect(await simulate('walrus!', 'instagram')).toMatchObject({ outcome: 'native_flow', native_flow: { id: flowId, matched_keyword: 'walrus' } });
    const own = await comment('instagram', 'walrus!', 'ig_walrus');
    expect(own).toMatchObject({ outcome: 'native_flow', native_flow_id: flowId, handled_comment: null });
    const sessions = await sessionsOf(flowId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ channel: 'instagram', status: 'completed', attribution: { post_id: 'post_k2', matched_keyword: 'walrus' } });
  });

  it('a comment passes a native flow of the other platform on to the next native flow that matches', async () => {
    const instagramOnly = await liveFlow('Otter IG', nativeFlow('otter'), ['instagram']);
    const facebookOnly = await liveFlow('Otter FB', { ...nativeFlow('otter'), trigger: { source: 'comment', comment_keywords: ['otter', 'sea otter'] } }, ['facebook']);

    expect(await simulate('otter', 'facebook')).toMatchObject({ outcome: 'native_flow', native_flow: { id: facebookOnly } });
    expect(await comment('facebook', 'otter', 'fb_otter')).toMatchObject({ outcome: 'native_flow', native_flow_id: facebookOnly, handled_comment: null });
    expect(await simulate('otter', 'instagram')).toMatchObject({ outcome: 'native_flow', native_flow: { id: instagramOnly } });
    expect(await comment('instagram', 'otter', 'ig_otter')).toMatchObject({ outcome: 'native_flow', native_flow_id: instagramOnly });
    expect((await sessionsOf(facebookOnly)).map((s) => s['channel'])).toEqual(['facebook']);
    expect((await sessionsOf(instagramOnly)).map((s) => s['channel'])).toEqual(['instagram']);
  });

  it('a Facebook-only linked flow is not shown for an Instagram comment; the trigger answers alone', async () => {
    const triggerRes = await call('POST', '/comment-triggers', dmTrigger({ name: 'Both platforms', platform: 'both', keywords: ['narwhal'] }));
    expect(triggerRes.status, JSON.stringify(triggerRes.body)).toBe(201);
    const triggerId = data(triggerRes)['id'] as number;
    const flowId = await liveFlow('Linked FB', linkedFlow(triggerId), ['facebook']);

    const onInstagram = await simulate('narwhal', 'instagram');
    expect(onInstagram).toMatchObject({ outcome: 'trigger_fired', trigger: { id: triggerId, actions: ['public_reply', 'dm'] }, linked_flow: null });
    expect(await comment('instagram', 'narwhal', 'ig_narwhal')).toMatchObject({ outcome: 'trigger_fired', trigger_id: triggerId, dm: { status: 'sent' } });
    expect(await sessionsOf(flowId), 'a linked flow starts nowhere but its channels').toEqual([]);

    const onFacebook = await simulate('narwhal', 'facebook');
    expect(onFacebook).toMatchObject({ outcome: 'trigger_fired', trigger: { id: triggerId, actions: ['public_reply', 'dm', 'start_flow'] }, linked_flow: { id: flowId, status: 'active' } });
    expect(await comment('facebook', 'narwhal', 'fb_narwhal')).toMatchObject({ outcome: 'trigger_fired', trigger_id: triggerId, dm: { status: 'sent' } });
    expect((await sessionsOf(flowId)).map((s) => s['channel'])).toEqual(['facebook']);
  });

  it('a public-only trigger shows no linked flow: it opens no conversation for the flow to run in', async () => {
    const triggerRes = await call('POST', '/comment-triggers', dmTrigger({ name: 'Public only', keywords: ['beluga'], response_mode: 'public_only', buttons: [] }));
    expect(triggerRes.status, JSON.stringify(triggerRes.body)).toBe(201);
    const triggerId = data(triggerRes)['id'] as number;
    const flowId = await liveFlow('Linked public', linkedFlow(triggerId), ['instagram']);
    expect(await simulate('beluga', 'instagram')).toMatchObject({ outcome: 'trigger_fired', trigger: { id: triggerId, actions: ['public_reply'] }, linked_flow: null });
    expect(await comment('instagram', 'beluga', 'ig_beluga')).toMatchObject({ outcome: 'trigger_fired', trigger_id: triggerId, public_reply: 'Sent you a DM!' });
    expect(await sessionsOf(flowId)).toEqual([]);
  });
});
