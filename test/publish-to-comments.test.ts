/**
 * The groups that meet when a post goes live (4.15, 2.22, 2.23, 2.14): a published post's
 * `comment_auto_reply` becomes a comment trigger scoped to that post on each platform, the post
 * shows in the channel's recent posts, a comment on it fires the trigger, and the overview counts
 * the fire on a standalone trigger. Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, list } from './support/flow-graphs.js';
import { describeRuntimes } from './support/runtimes.js';
import { dmTrigger, linkedFlow } from './support/comment-triggers.js';

describeRuntimes('publishing meets comment automation', (api) => {
  const full = () => api().keys.full!;

  it('a published auto-reply is a post-scoped trigger, the post is a recent post, and a comment on it fires and is counted', async () => {
    const created = await api().call({
      method: 'POST',
      path: '/posts',
      key: full(),
      body: {
        platform: 'facebook',
        post_type: 'feed_post',
        caption: 'New boots are in',
        comment_auto_reply: { keywords: ['size'], response_mode: 'public_only', public_replies: ['Sizes are on the product page!'] },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const postId = data(created)['id'] as number;
    // Not yet live: no trigger for it.
    const before = list(await api().call({ path: '/comment-triggers', key: full() })).length;

    const published = await api().call({ method: 'POST', path: `/posts/${postId}/publish`, key: full(), body: {} });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const facebookId = (data(published)['published_ids'] as { facebook_post_id: string }).facebook_post_id;
    expect(facebookId).toEqual(expect.any(String));

    const scoped = list(await api().call({ path: '/comment-triggers', key: full(), query: { post_id: facebookId } }));
    expect(scoped).toHaveLength(1);
    expect(scoped[0]).toMatchObject({ platform: 'facebook', post_id: facebookId, keywords: ['size'], response_mode: 'public_only', active: true });
    expect(list(await api().call({ path: '/comment-triggers', key: full() }))).toHaveLength(before + 1);

    const recent = list(await api().call({ path: '/recent-posts', key: full(), query: { platform: 'facebook', limit: '50' } }));
    expect(recent.find((post) => post['id'] === facebookId)).toMatchObject({ channel: 'facebook', caption: 'New boots are in', media_type: 'IMAGE' });

    const commented = await api().call({
      method: 'POST',
      path: '/_sandbox/comments',
      key: full(),
      body: { platform: 'facebook', post_id: facebookId, text: 'what size runs small?', commenter: { id: 'fb_wiring_1', username: 'rae' } },
    });
    expect(commented.status, JSON.stringify(commented.body)).toBe(200);
    expect(data(commented)).toMatchObject({ outcome: 'trigger_fired', trigger_id: scoped[0]!['id'] });

    const overview = data(await api().call({ path: '/analytics/overview', key: full() }));
    const row = (overview['comment_triggers'] as { id: number; fires: { current: number; all_time: number } }[]).find((item) => item.id === scoped[0]!['id']);
    expect(row?.fires.current).toBe(1);
    expect(row?.fires.all_time).toBe(1);
  });

  it('an auto-reply without keywords answers every comment on its post, and none elsewhere', async () => {
    const created = await api().call({
      method: 'POST',
      path: '/posts',
      key: full(),
      body: { platform: 'facebook', post_type: 'feed_post', caption: 'Ask us anything', comment_auto_reply: { response_mode: 'public_only', public_replies: ['Thanks!'] } },
    });
    const postId = data(created)['id'] as number;
    const published = await api().call({ method: 'POST', path: `/posts/${postId}/publish`, key: full(), body: {} });
    const facebookId = (data(published)['published_ids'] as { facebook_post_id: string }).facebook_post_id;
    const simulate = async (post: string) =>
      data(await api().call({ path: '/comment-triggers/simulate', key: full(), query: { text: 'hello there', platform: 'facebook', post_id: post } }));
    const onPost = await simulate(facebookId);
    expect(onPost['outcome']).toBe('trigger_fired');
    expect((onPost['trigger'] as { post_id?: string; matched_keyword: string }).matched_keyword).toBe('');
    const elsewhere = await simulate('another-post');
    const candidate = (elsewhere['candidates'] as { id: number; reason: string | null }[]).find((item) => item.id === (onPost['trigger'] as { id: number }).id);
    expect(candidate?.reason).toBe('post_scope');
  });
});

describeRuntimes('comment triggers start their linked flows', (api) => {
  const full = () => api().keys.full!;

  it('a comment that fires a linked trigger starts a session of the flow, attributed to the post and keyword, and the overview counts the entry on the flow row', async () => {
    const trigger = await api().call({ method: 'POST', path: '/comment-triggers', key: full(), body: dmTrigger({ name: 'Linked runtime', keywords: ['runtime'] }) });
    expect(trigger.status, JSON.stringify(trigger.body)).toBe(201);
    const triggerId = data(trigger)['id'] as number;
    const flow = await api().call({ method: 'POST', path: '/flows', key: full(), body: { name: 'From a comment', definition: linkedFlow(triggerId), channels: ['instagram'] } });
    expect(flow.status, JSON.stringify(flow.body)).toBe(201);
    const flowId = data(flow)['id'] as number;
    expect((await api().call({ method: 'POST', path: `/flows/${flowId}/publish`, key: full(), body: {} })).status).toBe(200);
    const activated = await api().call({ method: 'POST', path: `/flows/${flowId}/activate`, key: full(), body: {} });
    expect([200, 409]).toContain(activated.status);

    const commented = await api().call({
      method: 'POST',
      path: '/_sandbox/comments',
      key: full(),
      body: { platform: 'instagram', post_id: 'ig_post_9', text: 'runtime please', commenter: { id: 'ig_runtime_1', username: 'lee', name: 'Lee' } },
    });
    expect(commented.status, JSON.stringify(commented.body)).toBe(200);
    expect(data(commented)).toMatchObject({ outcome: 'trigger_fired', trigger_id: triggerId });

    const sessions = list(await api().call({ path: '/flow-sessions', key: full(), query: { flow_id: String(flowId) } }));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ flow_id: flowId, channel: 'instagram', attribution: { post_id: 'ig_post_9', matched_keyword: 'runtime' } });

    const overview = data(await api().call({ path: '/analytics/overview', key: full() }));
    const row = (overview['flows'] as { id: number; entries: { current: number; all_time: number }; comment_trigger_id?: number }[]).find((item) => item.id === flowId);
    expect(row?.entries).toMatchObject({ current: 1, all_time: 1 });
    expect(row?.comment_trigger_id).toBe(triggerId);
  });
});
